import {
  billingUsageQuerySchema,
  billingUsageSchema,
} from '@meridian/domain/billing/billing-usage';
import { errorBodySchema } from '@meridian/domain/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountContext } from '../account-context';
import { getUsage } from './billing.service';
import { sessionOnly } from '../../../platform/http/route-schema';

/** `/billing`: what the signed-in user's resources cost, from their recorded uptime. */
export const billingRoutes: FastifyPluginAsyncZod<{ context: AccountContext }> = async (
  app,
  { context },
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
    (request) => getUsage(context, request.user.id, request.query.month),
  );
};
