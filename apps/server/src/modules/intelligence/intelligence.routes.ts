import { errorBodySchema } from '@meridian/domain/errors';
import { trafficSchema } from '@meridian/domain/traffic/traffic';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOnly } from '../../platform/http/route-schema';
import type { IntelligenceContext } from './intelligence-context';
import { trafficNow } from './traffic.service';

/**
 * `/intelligence/traffic`: the user's traffic. The placement preview and the CI/CD roll-out under
 * this prefix are the clusters' and the apps' routes.
 */
export const intelligenceRoutes: FastifyPluginAsyncZod<{ context: IntelligenceContext }> = async (
  app,
  { context },
) => {
  app.get(
    '/traffic',
    {
      schema: {
        tags: ['intelligence'],
        summary:
          "Today's (UTC) requests and users of the user's deployments, in total and per datacenter",
        security: sessionOnly,
        response: { 200: trafficSchema, 401: errorBodySchema },
      },
    },
    (request) => trafficNow(context, request.account.id),
  );
};
