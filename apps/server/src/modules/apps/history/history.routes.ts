import { appHistoryPageSchema, appHistoryQuerySchema } from '@meridian/domain/apps/app-history';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, notFoundId, sessionOrApiKey } from '../../../platform/http/route-schema';
import type { AppsContext } from '../apps-context';
import { appHistoryPage } from './history.service';
import { ownerByParam } from '../../../platform/db/row-owner';
import { apps } from '../../../platform/db/schema/apps';

/** `GET /meridian/v1/kube/apps/{appId}/history`: every change to an app, newest first. */
export const historyRoutes: FastifyPluginAsyncZod<{ context: AppsContext }> = async (
  app,
  { context },
) => {
  app.get(
    '/apps/:appId/history',
    {
      config: { ownedBy: ownerByParam(context.db, apps, 'appId') },
      schema: {
        tags: ['apps'],
        summary:
          "One page of an app's history (newest first): versions created, deployed, updated, rolled back, removed; by version (uuid) and location (datacenter uuid or name)",
        security: sessionOrApiKey,
        params: z.object({ appId: z.uuid(notFoundId) }),
        querystring: appHistoryQuerySchema,
        response: { 200: appHistoryPageSchema, ...errorResponses },
      },
    },
    (request) => appHistoryPage(context, request.account.id, request.params.appId, request.query),
  );
};
