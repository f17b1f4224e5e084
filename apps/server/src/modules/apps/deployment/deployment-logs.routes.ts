import {
  deploymentLogsQuerySchema,
  deploymentLogsSchema,
} from '@meridian/domain/apps/deployment-logs';
import { errorBodySchema } from '@meridian/domain/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, notFoundId, sessionOrApiKey } from '../../../platform/http/route-schema';
import type { AppsContext } from '../apps-context';
import { deploymentLogs, LogsUnavailableError } from './deployment-logs.service';
import { ownerByParam } from '../../../platform/db/row-owner';
import { deployments } from '../../../platform/db/schema/apps';

/** `/meridian/v1/kube/apps/deployment/{id}/logs`: a deployment's pod logs (docs/deployment-lifecycle.md "Logs"). */
export const deploymentLogRoutes: FastifyPluginAsyncZod<{ context: AppsContext }> = async (
  app,
  { context },
) => {
  app.get(
    '/apps/deployment/:deploymentId/logs',
    {
      config: { ownedBy: ownerByParam(context.db, deployments, 'deploymentId'), role: 'developer' },
      schema: {
        tags: ['apps'],
        summary:
          "The last lines of a deployment's pods (tail 1–5000, default 200), of its own location or another of its version's on the smart cluster",
        security: sessionOrApiKey,
        params: z.object({ deploymentId: z.uuid(notFoundId) }),
        querystring: deploymentLogsQuerySchema,
        response: { 200: deploymentLogsSchema, ...errorResponses, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      try {
        return await deploymentLogs(
          context,
          request.account.id,
          request.params.deploymentId,
          request.query,
        );
      } catch (error) {
        if (!(error instanceof LogsUnavailableError)) throw error;
        request.log.warn({ err: error.cause ?? error }, 'reading deployment logs failed');
        return reply.code(503).send({ message: error.message });
      }
    },
  );
};
