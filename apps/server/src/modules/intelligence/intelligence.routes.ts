import { errorBodySchema } from '@meridian/domain/errors';
import { trafficSchema } from '@meridian/domain/traffic/traffic';
import {
  placementPreviewResultSchema,
  placementPreviewSchema,
} from '@meridian/domain/clusters/placement-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CpuPool } from '../../platform/cpu-pool';
import type { Database } from '../../platform/db/database';
import {
  bodyAsObject,
  errorResponses,
  sessionOnly,
  sessionOrApiKey,
} from '../../platform/http/route-schema';
import type { IntelligenceService } from './intelligence.service';
import { placementTask } from './placement';
import { previewPlacement } from './placement.service';

export interface IntelligenceRoutesOptions {
  service: IntelligenceService;
  db: Database;
  cpu: CpuPool;
}

/** `/intelligence`: the user's traffic and placement previews (the CI/CD rollout under this prefix is the apps module's). */
export const intelligenceRoutes: FastifyPluginAsyncZod<IntelligenceRoutesOptions> = async (
  app,
  { service, db, cpu },
) => {
  cpu.preload(placementTask);
  app.addHook('onRequest', app.authenticate);
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
    (request) => service.traffic(request.user.id),
  );
  app.post(
    '/placement',
    {
      preValidation: bodyAsObject,
      schema: {
        tags: ['intelligence'],
        summary:
          'Where an AUTOMATIC smart cluster on these candidate datacenters would run, its p95 round trip and monthly cost (nothing is created)',
        security: sessionOrApiKey,
        body: placementPreviewSchema,
        response: { 200: placementPreviewResultSchema, ...errorResponses },
      },
    },
    (request) => previewPlacement({ db, cpu }, request.body),
  );
};
