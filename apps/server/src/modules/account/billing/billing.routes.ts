import {
  billingUsageQuerySchema,
  billingUsageSchema,
} from '@meridian/domain/billing/billing-usage';
import { errorBodySchema } from '@meridian/domain/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BillingService } from './billing.service';
import { sessionOnly } from '../../../platform/http/route-schema';

export interface BillingRoutesOptions {
  service: BillingService;
}

/** `/billing`: what the signed-in user's resources cost, from their recorded uptime. */
export const billingRoutes: FastifyPluginAsyncZod<BillingRoutesOptions> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/usage',
    {
      schema: {
        tags: ['billing'],
        summary:
          'Usage of a UTC month (default: the current one): one line per running period, in CAD',
        security: sessionOnly,
        querystring: billingUsageQuerySchema,
        response: { 200: billingUsageSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    (request) => service.usage(request.user.id, request.query.month),
  );
};
