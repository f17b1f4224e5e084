import { errorBodySchema } from '@meridian/domain/errors';
import { trafficSchema } from '@meridian/domain/traffic/traffic';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { IntelligenceService } from './intelligence.service';

export interface IntelligenceRoutesOptions {
  service: IntelligenceService;
}

/** `/intelligence`: the user's traffic (the CI/CD rollout under this prefix is the apps module's). */
export const intelligenceRoutes: FastifyPluginAsyncZod<IntelligenceRoutesOptions> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', app.authenticate);
  app.get(
    '/traffic',
    {
      schema: {
        tags: ['intelligence'],
        summary:
          "Today's (UTC) requests and users of the user's deployments, in total and per datacenter",
        security: [{ bearerAuth: [], userId: [] }],
        response: { 200: trafficSchema, 401: errorBodySchema },
      },
    },
    (request) => service.traffic(request.user.id),
  );
};
