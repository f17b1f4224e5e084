import {
  deploymentMetricsQuerySchema,
  deploymentMetricsSchema,
} from '@meridian/domain/apps/deployment-metrics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, notFoundId, sessionOrApiKey } from '../../../platform/http/route-schema';
import type { AppsContext } from '../apps-context';
import { defaultMetricsRetentionMs } from '../../intelligence/intelligence.public';
import { deploymentMetrics } from './metrics.service';
import { ownerByParam } from '../../../platform/db/row-owner';
import { deployments } from '../../../platform/db/schema/apps';

/** `/meridian/v1/kube/apps/deployment/{deploymentId}/metrics`: a deployment's metrics over time. */
export const metricsRoutes: FastifyPluginAsyncZod<{ context: AppsContext }> = async (
  app,
  { context },
) => {
  const metrics = {
    db: context.db,
    now: context.now,
    retentionMs: context.metricsRetentionMs ?? defaultMetricsRetentionMs,
  };

  app.get(
    '/apps/deployment/:deploymentId/metrics',
    {
      config: { ownedBy: ownerByParam(context.db, deployments, 'deploymentId'), role: 'developer' },
      schema: {
        tags: ['apps'],
        summary:
          "A deployment's requests per second, p95 latency, error rate, CPU and memory over a " +
          'range (from, to: ISO 8601, default the last hour), one point per step (seconds)',
        security: sessionOrApiKey,
        params: z.object({ deploymentId: z.uuid(notFoundId) }),
        querystring: deploymentMetricsQuerySchema,
        response: { 200: deploymentMetricsSchema, ...errorResponses },
      },
    },
    (request) =>
      deploymentMetrics(metrics, request.account.id, request.params.deploymentId, request.query),
  );
};
