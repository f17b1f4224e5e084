import { deploymentSchema, smartClusterImageRolloutSchema } from '@meridian/domain/apps/app-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestActor } from '../../../platform/http/request-actor';
import { errorResponses, notFoundId, sessionOrApiKey } from '../../../platform/http/route-schema';
import { rollOutImage } from './cicd.service';
import type { AppsContext } from '../apps-context';
import { ownerByParam } from '../../../platform/db/row-owner';
import { apps } from '../../../platform/db/schema/apps';

/**
 * `PUT /intelligence/clusters/{smartClusterUuid}/deployment/{appUuid}` (spec "The calls it makes" CI/CD examples):
 * a new image on one smart cluster; the CI/CD module does the work.
 */
export const intelligenceDeploymentRoutes: FastifyPluginAsyncZod<{ context: AppsContext }> = async (
  app,
  { context },
) => {
  app.put(
    '/clusters/:smartClusterUuid/deployment/:appUuid',
    {
      config: { ownedBy: ownerByParam(context.db, apps, 'appUuid'), role: 'developer' },
      schema: {
        tags: ['ci/cd'],
        summary: 'CI/CD: roll a new image out on the app on one smart cluster (ApiKey or Bearer)',
        security: sessionOrApiKey,
        params: z.object({ smartClusterUuid: z.uuid(notFoundId), appUuid: z.uuid(notFoundId) }),
        body: smartClusterImageRolloutSchema,
        response: { 200: z.array(deploymentSchema), ...errorResponses },
      },
    },
    (request) =>
      rollOutImage(
        context,
        request.account.id,
        request.params.appUuid,
        [request.params.smartClusterUuid],
        request.body.image_name,
        requestActor(request, 'ci'),
      ),
  );
};
