import {
  billingUsageQuerySchema,
  billingUsageSchema,
} from '@meridian/domain/billing/billing-usage';
import { budgetInputSchema, budgetSchema } from '@meridian/domain/billing/budget';
import { errorBodySchema } from '@meridian/domain/errors';
import { statusResultSchema } from '@meridian/domain/operation-result';
import { bodyAsObject } from '../../../platform/http/route-schema';
import { getBudget, removeBudget, setBudget } from './budget.service';
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

  const errors = {
    400: errorBodySchema,
    401: errorBodySchema,
    403: errorBodySchema,
    404: errorBodySchema,
  };

  app.get(
    '/budget',
    {
      preHandler: app.resolveAccount,
      schema: {
        tags: ['billing'],
        summary: "The account's monthly budget (null when unset), the month's cost and forecast",
        security: sessionOnly,
        response: { 200: budgetSchema, ...errors },
      },
    },
    (request) => getBudget(context, request.account.id),
  );

  app.put(
    '/budget',
    {
      preValidation: bodyAsObject,
      preHandler: app.resolveAccount,
      schema: {
        tags: ['billing'],
        summary:
          'Set the monthly budget in CAD and the percentages that alert (default 50, 80, 100)',
        security: sessionOnly,
        body: budgetInputSchema,
        response: { 200: budgetSchema, ...errors },
      },
    },
    (request) => setBudget(context, request.account.id, request.body),
  );

  app.delete(
    '/budget',
    {
      preHandler: app.resolveAccount,
      schema: {
        tags: ['billing'],
        summary: 'Remove the monthly budget',
        security: sessionOnly,
        response: { 200: statusResultSchema, ...errors },
      },
    },
    async (request) => {
      await removeBudget(context, request.account.id);
      return { status: 'success' as const };
    },
  );
};
