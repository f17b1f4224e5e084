import {
  versionDeploymentRequestSchema,
  versionDeploymentResultSchema,
} from '@meridian/domain/apps/rollout';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestActor } from '../../../platform/http/request-actor';
import { bodyAsObject, errorResponses, sessionOrApiKey } from '../../../platform/http/route-schema';
import type { RolloutContext } from './rollout.context';
import { deployVersion } from './rollout.deploy';
import { ownerByBody } from '../../../platform/db/row-owner';
import { versions } from '../../../platform/db/schema/apps';

/**
 * `POST /cluster/clusters/versions` (spec "The calls it makes" Clusters): deploys a version onto smart clusters;
 * where the app runs another version that is a progressive rollout, which the rollout module runs.
 */
export const clusterVersionRoutes: FastifyPluginAsyncZod<{ context: RolloutContext }> = async (
  app,
  { context },
) => {
  app.post(
    '/clusters/versions',
    {
      config: { ownedBy: ownerByBody(context.db, versions, 'version_uuid'), role: 'developer' },
      preValidation: bodyAsObject,
      schema: {
        tags: ['cluster'],
        summary:
          'Deploy a version onto smart clusters; where the app runs another version, roll it out one location at a time. Answers its deployments there, or the rollout',
        security: sessionOrApiKey,
        body: versionDeploymentRequestSchema,
        response: { 200: versionDeploymentResultSchema, ...errorResponses },
      },
    },
    (request) => deployVersion(context, request.account.id, request.body, requestActor(request)),
  );
};
