import {
  placementPreviewResultSchema,
  placementPreviewSchema,
} from '@meridian/domain/clusters/placement-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bodyAsObject, errorResponses, sessionOrApiKey } from '../../../platform/http/route-schema';
import type { ClusterContext } from '../cluster-context';
import { previewPlacement } from './placement-preview';

/** `POST /intelligence/placement` (the spec's prefix): a smart cluster's placement, before it exists. */
export const placementPreviewRoutes: FastifyPluginAsyncZod<{ context: ClusterContext }> = async (
  app,
  { context },
) => {
  app.post(
    '/placement',
    {
      config: { role: 'viewer' },
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
    (request) => previewPlacement(context, request.body),
  );
};
