import { deploymentSchema, versionDeploymentRequestSchema } from '@meridian/domain/apps/app-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestActor } from '../../platform/http/request-actor';
import { bodyAsObject, errorResponses, sessionOrApiKey } from '../../platform/http/route-schema';
import type { AppsContext } from '../deployment/apps-context';
import { deployVersion } from '../deployment/deployment.service';

/**
 * `POST /cluster/clusters/versions` (spec "The calls it makes" Clusters): deploys a version onto smart clusters;
 * the deployment module does the work.
 */
export const clusterVersionRoutes: FastifyPluginAsyncZod<{ context: AppsContext }> = async (
  app,
  { context },
) => {
  app.addHook('onRequest', app.authenticate);
  app.post(
    '/clusters/versions',
    {
      preValidation: bodyAsObject,
      schema: {
        tags: ['cluster'],
        summary: 'Deploy a version onto smart clusters; answers its deployments there',
        security: sessionOrApiKey,
        body: versionDeploymentRequestSchema,
        response: { 200: z.array(deploymentSchema), ...errorResponses },
      },
    },
    (request) =>
      deployVersion(
        context,
        request.user.id,
        request.body.version_uuid,
        request.body.smart_cluster_uuids,
        requestActor(request),
      ),
  );
};
