import { moveToOrganizationSchema, organizationMessages } from '@meridian/domain/auth/organization';
import { smartClusterSchema } from '@meridian/domain/clusters/cluster-api';
import { errorBodySchema } from '@meridian/domain/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownerByParam } from '../../../platform/db/row-owner';
import { smartClusters } from '../../../platform/db/schema/clusters';
import { ConflictError, NotFoundError } from '../../../platform/http/errors';
import { findOwnSmartCluster } from './cluster.queries';
import {
  bodyAsObject,
  errorResponses,
  notFoundId,
  sessionOrApiKey,
} from '../../../platform/http/route-schema';
import type { ClusterRoutesOptions } from './cluster.routes';
import { moveSmartClusterToOrganization } from './cluster.transfer';

/** `PUT /cluster/clusters/{id}/organization`: a personal smart cluster moves into an organisation. */
export const clusterTransferRoutes: FastifyPluginAsyncZod<ClusterRoutesOptions> = async (
  app,
  { context },
) => {
  app.put(
    '/clusters/:id/organization',
    {
      config: { ownedBy: ownerByParam(context.db, smartClusters, 'id') },
      preValidation: bodyAsObject,
      schema: {
        tags: ['cluster'],
        summary:
          'Move your own smart cluster, with nothing deployed on it, into an organisation you are an admin of',
        security: sessionOrApiKey,
        params: z.object({ id: z.uuid(notFoundId) }),
        body: moveToOrganizationSchema,
        response: { 200: smartClusterSchema, ...errorResponses, 403: errorBodySchema },
      },
    },
    async (request) => {
      if (request.account.organization) {
        throw new ConflictError(organizationMessages.alreadyOrganization('smart cluster'));
      }
      const { id } = request.params;
      // Not the caller's: 404 before the organisation is looked at, as for any other.
      if (!(await findOwnSmartCluster(context.db, request.user.id, id))) {
        throw new NotFoundError('Smart cluster not found');
      }
      const target = request.body.organization_uuid;
      await request.actIn(target, 'admin');
      return moveSmartClusterToOrganization(context, request.user.id, id, target);
    },
  );
};
