import { previewListSchema } from '@meridian/domain/apps/preview';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownerByParam } from '../../../platform/db/row-owner';
import { apps } from '../../../platform/db/schema/apps';
import { errorResponses, notFoundId, sessionOrApiKey } from '../../../platform/http/route-schema';
import type { AppsContext } from '../apps-context';
import { previewsOfApp } from './git-preview';

/** `GET /meridian/v1/kube/apps/{appId}/previews` (issue 39): the app's pull-request previews. */
export const gitPreviewRoutes: FastifyPluginAsyncZod<{ context: AppsContext }> = async (
  app,
  { context },
) => {
  app.get(
    '/apps/:appId/previews',
    {
      config: { ownedBy: ownerByParam(context.db, apps, 'appId') },
      schema: {
        tags: ['apps'],
        summary: "The app's previews: one deployment per open pull or merge request",
        security: sessionOrApiKey,
        params: z.object({ appId: z.uuid(notFoundId) }),
        response: { 200: previewListSchema, ...errorResponses },
      },
    },
    (request) => previewsOfApp(context, request.account.id, request.params.appId),
  );
};
