import {
  deploymentRemovalSchema,
  deploymentSchema,
  deploymentUpdateSchema,
  removalResultSchema,
} from '@meridian/domain/apps/app-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestActor } from '../../../platform/http/request-actor';
import {
  bodyAsObject,
  errorResponses,
  notFoundId,
  sessionOrApiKey,
} from '../../../platform/http/route-schema';
import type { AppsContext } from '../apps-context';
import {
  deploymentsOnSmartCluster,
  removeDeployments,
  updateDeployment,
} from './deployment.service';
import { ownerAt, ownerByBody, ownerByParam } from '../../../platform/db/row-owner';
import { deployments } from '../../../platform/db/schema/apps';
import { smartClusterOwner } from '../../clusters/clusters.public';

/** `/meridian/v1/kube/apps/deployment…`: one version running on one member cluster (spec "The calls it makes"). */
export const deploymentRoutes: FastifyPluginAsyncZod<{ context: AppsContext }> = async (
  app,
  { context },
) => {
  app.put(
    '/apps/deployment/:deploymentId',
    {
      config: { ownedBy: ownerByParam(context.db, deployments, 'deploymentId'), role: 'developer' },
      schema: {
        tags: ['apps'],
        summary: 'Roll a deployment out again with another image and/or number of replicas',
        security: sessionOrApiKey,
        params: z.object({ deploymentId: z.uuid(notFoundId) }),
        body: deploymentUpdateSchema,
        response: { 200: deploymentSchema, ...errorResponses },
      },
    },
    (request) =>
      updateDeployment(
        context,
        request.account.id,
        request.params.deploymentId,
        request.body,
        requestActor(request),
      ),
  );

  app.delete(
    '/apps/deployment',
    {
      config: { ownedBy: ownerByBody(context.db, deployments, 'uuids'), role: 'developer' },
      preValidation: bodyAsObject,
      schema: {
        tags: ['apps'],
        summary: 'Remove deployments (body {uuids}): their workloads or stacks are deleted',
        security: sessionOrApiKey,
        body: deploymentRemovalSchema,
        response: { 200: removalResultSchema, ...errorResponses },
      },
    },
    (request) =>
      removeDeployments(context, request.account.id, request.body.uuids, requestActor(request)),
  );

  app.get(
    '/apps/deployment/smart_cluster/:id',
    {
      config: { ownedBy: ownerAt('params', 'id', (id) => smartClusterOwner(context.db, id)) },
      schema: {
        tags: ['apps'],
        summary: 'The deployments running on a smart cluster',
        security: sessionOrApiKey,
        params: z.object({ id: z.uuid(notFoundId) }),
        response: { 200: z.array(deploymentSchema), ...errorResponses },
      },
    },
    (request) => deploymentsOnSmartCluster(context, request.account.id, request.params.id),
  );
};
