import { rollbackRequestSchema, rolloutSchema } from '@meridian/domain/apps/rollout';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

type RouteApp = Parameters<FastifyPluginAsyncZod<{ context: RolloutContext }>>[0];
import { z } from 'zod';
import { requestActor } from '../../../platform/http/request-actor';
import {
  bodyAsObject,
  errorResponses,
  notFoundId,
  sessionOrApiKey,
} from '../../../platform/http/route-schema';
import type { RolloutContext } from './rollout.context';
import { controlRollout, type RolloutControl } from './rollout.control';
import { rolloutOf, rolloutsOf, startRollback } from './rollout.service';
import { ownerByParam } from '../../../platform/db/row-owner';
import { apps, deployments, rollouts } from '../../../platform/db/schema/apps';

const limitMessage = 'limit must be a whole number from 1 to 50';

/** Rollbacks and progressive rollouts under `/meridian/v1/kube` (docs/deployment-lifecycle.md). */
export const rolloutRoutes: FastifyPluginAsyncZod<{ context: RolloutContext }> = async (
  app,
  { context },
) => {
  app.post(
    '/apps/deployment/:deploymentId/rollback',
    {
      config: { ownedBy: ownerByParam(context.db, deployments, 'deploymentId'), role: 'developer' },
      preValidation: bodyAsObject,
      schema: {
        tags: ['apps'],
        summary:
          'Deploy another version of the app on this deployment’s smart cluster, one location at a time, each gated by its health',
        security: sessionOrApiKey,
        params: z.object({ deploymentId: z.uuid(notFoundId) }),
        body: rollbackRequestSchema,
        response: { 200: rolloutSchema, ...errorResponses },
      },
    },
    (request) =>
      startRollback(
        context,
        request.account.id,
        requestActor(request),
        request.params.deploymentId,
        request.body,
      ),
  );

  app.get(
    '/apps/:appId/rollouts',
    {
      config: { ownedBy: ownerByParam(context.db, apps, 'appId') },
      schema: {
        tags: ['apps'],
        summary: 'The app’s latest rollouts, newest first, with each location’s progress',
        security: sessionOrApiKey,
        params: z.object({ appId: z.uuid(notFoundId) }),
        querystring: z.object({
          limit: z.coerce
            .number({ error: limitMessage })
            .int(limitMessage)
            .min(1, limitMessage)
            .max(50, limitMessage)
            .default(10),
        }),
        response: { 200: z.array(rolloutSchema), ...errorResponses },
      },
    },
    (request) => rolloutsOf(context, request.account.id, request.params.appId, request.query.limit),
  );

  app.get(
    '/apps/rollouts/:rolloutId',
    {
      config: { ownedBy: ownerByParam(context.db, rollouts, 'rolloutId') },
      schema: {
        tags: ['apps'],
        summary: 'One rollout with each location’s progress',
        security: sessionOrApiKey,
        params: z.object({ rolloutId: z.uuid(notFoundId) }),
        response: { 200: rolloutSchema, ...errorResponses },
      },
    },
    (request) => rolloutOf(context, request.account.id, request.params.rolloutId),
  );

  registerControlRoutes(app, context);
};

/** `POST /apps/rollouts/{rolloutId}/pause|resume|abort`. */
function registerControlRoutes(app: RouteApp, context: RolloutContext): void {
  for (const control of ['pause', 'resume', 'abort'] as const satisfies RolloutControl[]) {
    app.post(
      `/apps/rollouts/:rolloutId/${control}`,
      {
        config: { ownedBy: ownerByParam(context.db, rollouts, 'rolloutId'), role: 'developer' },
        schema: {
          tags: ['apps'],
          summary: {
            pause: 'Hold a rollout before its next location',
            resume: 'Let a paused rollout go on',
            abort: 'Stop a rollout and put every location it reached back on the previous version',
          }[control],
          security: sessionOrApiKey,
          params: z.object({ rolloutId: z.uuid(notFoundId) }),
          response: { 200: rolloutSchema, ...errorResponses },
        },
      },
      (request) =>
        controlRollout(
          context,
          request.account.id,
          requestActor(request),
          request.params.rolloutId,
          control,
        ),
    );
  }
}
