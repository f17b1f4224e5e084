import { appImageRolloutSchema, deploymentSchema } from '@meridian/domain/apps/app-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestActor } from '../../../platform/http/request-actor';
import { errorResponses, notFoundId, sessionOrApiKey } from '../../../platform/http/route-schema';
import type { AppsContext } from '../apps-context';
import { rollOutImage } from './cicd.service';
import { ownerByParam } from '../../../platform/db/row-owner';
import { apps } from '../../../platform/db/schema/apps';

/** `PUT /meridian/v1/kube/apps/{appUuid}/deployment` (spec "The calls it makes" CI/CD examples). */
export const cicdRoutes: FastifyPluginAsyncZod<{ context: AppsContext }> = async (
  app,
  { context },
) => {
  app.put(
    '/apps/:appId/deployment',
    {
      config: { ownedBy: ownerByParam(context.db, apps, 'appId'), role: 'developer' },
      schema: {
        tags: ['ci/cd'],
        summary:
          'CI/CD: roll a new image out on the app on these smart clusters (ApiKey or Bearer); answers the deployments, now updating',
        security: sessionOrApiKey,
        params: z.object({ appId: z.uuid(notFoundId) }),
        body: appImageRolloutSchema,
        response: { 200: z.array(deploymentSchema), ...errorResponses },
      },
    },
    (request) =>
      rollOutImage(
        context,
        request.account.id,
        request.params.appId,
        request.body.cluster_uuids,
        request.body.image_name,
        requestActor(request, 'ci'),
      ),
  );
};
