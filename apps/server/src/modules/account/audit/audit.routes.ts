import { z } from 'zod';
import { auditFilterSchema, auditPageSchema, auditQuerySchema } from '@meridian/domain/auth/audit';
import { errorBodySchema } from '@meridian/domain/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOrApiKey } from '../../../platform/http/route-schema';
import type { AccountContext } from '../account-context';
import { auditCsv, listAudit } from './audit.service';

const tags = ['auth'];
const errors = { 400: errorBodySchema, 401: errorBodySchema };

/**
 * `/auth/audit`: the audit log the caller may read (docs/audit-log.md) — their own account's
 * entries, and every entry of the organisations they administer.
 */
export const auditRoutes: FastifyPluginAsyncZod<{ context: AccountContext }> = async (
  app,
  { context },
) => {
  app.get(
    '/audit',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Audit log entries, newest first (filters: actor, action, target, from, to)',
        security: sessionOrApiKey,
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errors },
      },
    },
    (request) => listAudit(context, request.user.id, request.query),
  );

  app.get(
    '/audit.csv',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'The same entries as CSV (RFC 4180), at most 10,000 of them',
        security: sessionOrApiKey,
        querystring: auditFilterSchema,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="meridian-audit.csv"')
        .send(await auditCsv(context, request.user.id, request.query)),
  );
};
