import multipart from '@fastify/multipart';
import {
  clusterDurationsSchema,
  clusterSchema,
  datacenterSchema,
  externalKubeconfigMaxBytes,
  kubeconfigDownloadSchema,
  providerIdHeader,
  smartClusterInFullSchema,
  smartClusterPageQuerySchema,
  smartClusterPageSchema,
  smartClusterSchema,
} from '@meridian/domain/clusters/cluster-api';
import {
  clusterMessages,
  externalClusterSchema,
  smartClusterCreateSchema,
  smartClusterUpdateSchema,
} from '@meridian/domain/clusters/smart-cluster';
import {
  monitoringPasswordChangeSchema,
  monitoringPasswordRotatedSchema,
} from '@meridian/domain/clusters/cluster-credentials';
import { placementHistorySchema } from '@meridian/domain/clusters/placement-decision';
import { errorBodySchema } from '@meridian/domain/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { revisionReaderOf } from '../../../platform/db/per-user-revision-cache';
import { ValidationError } from '../../../platform/http/errors';
import { readMultipartForm } from '../../../platform/http/multipart-form';
import {
  bodyAsObject,
  errorResponses,
  fullListResponses,
  notFoundId,
  type RouteApp,
  sessionOnly,
  sessionOrApiKey,
} from '../../../platform/http/route-schema';
import { requireSession } from '../../../platform/http/authenticate';
import type { ClusterContext } from '../cluster-context';
import {
  changeMonitoringPassword,
  rotateClusterCredentials,
  rotateMonitoringPassword,
} from './cluster.credentials';
import { clusterDurations } from './cluster.durations';
import {
  createExternalCluster,
  createSmartCluster,
  listDatacenters,
  memberKubeconfig,
  removeSmartCluster,
  smartClusterInFull,
} from './cluster.service';
import { placementHistory } from './cluster.placement';
import { updateSmartCluster } from './cluster.update';
import { createSmartClusterListCache, serialisedList, smartClusterPage } from './cluster-page';
import { sendSerialised } from '../../../platform/http/serialised-body';
import { ownerByParam } from '../../../platform/db/row-owner';
import { smartClusters } from '../../../platform/db/schema/clusters';

export interface ClusterRoutesOptions {
  context: ClusterContext;
}

const idParams = z.object({ id: z.uuid(notFoundId) });
const noContent = z.null().describe('No content');

/** `/cluster`: datacenters, smart clusters and their member clusters (spec "The calls it makes", Clusters). */
export const clusterRoutes: FastifyPluginAsyncZod<ClusterRoutesOptions> = async (
  app,
  { context },
) => {
  await app.register(multipart, {
    limits: { fileSize: externalKubeconfigMaxBytes, files: 1, fields: 10, fieldSize: 4096 },
  });

  catalogueRoutes(app, context);
  listRoutes(app, context);
  oneSmartClusterRoutes(app, context);
  smartClusterRoutes(app, context);
  externalClusterRoutes(app, context);
  kubeconfigRoutes(app, context);
  credentialRoutes(app, context);
};

/** What every user reads alike: the datacenters and how long work takes here. */
function catalogueRoutes(app: RouteApp, context: ClusterContext): void {
  app.get(
    '/datacenters',
    {
      schema: {
        tags: ['cluster'],
        summary: 'Datacenters with coordinates and CAD prices per node-hour',
        security: sessionOrApiKey,
        response: { 200: z.array(datacenterSchema), 401: errorBodySchema },
      },
    },
    () => listDatacenters(context),
  );

  app.get(
    '/durations',
    {
      schema: {
        tags: ['cluster'],
        summary:
          'How long creating and updating a smart cluster usually take here (the simulator follows MERIDIAN_SIM_TIME_SCALE)',
        security: sessionOrApiKey,
        response: { 200: clusterDurationsSchema, 401: errorBodySchema },
      },
    },
    () => clusterDurations(context),
  );
}

/** The lists the console reads: smart clusters and member clusters. */
function listRoutes(app: RouteApp, context: ClusterContext): void {
  // Both spec lists and the console's pages come from one build per revision of the user.
  const lists = createSmartClusterListCache();
  app.get(
    '/smart_clusters',
    {
      schema: {
        tags: ['cluster'],
        summary: "The user's smart clusters, by their stored order",
        security: sessionOrApiKey,
        response: fullListResponses(smartClusterSchema),
      },
    },
    async (request, reply) =>
      sendSerialised(
        request,
        reply,
        await serialisedList(context, lists, revisionReaderOf(request), 'smartClusters'),
      ),
  );

  app.get(
    '/smart_clusters/page',
    {
      schema: {
        tags: ['cluster'],
        summary:
          'One page of the smart clusters the console lists (filtered, stored order; the fields its cards show), and the overview of all',
        security: sessionOrApiKey,
        querystring: smartClusterPageQuerySchema,
        response: { 200: smartClusterPageSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    (request) => smartClusterPage(context, lists, revisionReaderOf(request), request.query),
  );

  app.get(
    '/clusters',
    {
      schema: {
        tags: ['cluster'],
        summary: "The user's member clusters (one per datacenter of each smart cluster)",
        security: sessionOrApiKey,
        response: fullListResponses(clusterSchema),
      },
    },
    async (request, reply) =>
      sendSerialised(
        request,
        reply,
        await serialisedList(context, lists, revisionReaderOf(request), 'members'),
      ),
  );
}

/** One smart cluster: itself with its members, and where it was placed and why. */
function oneSmartClusterRoutes(app: RouteApp, context: ClusterContext): void {
  app.get(
    '/clusters/:id',
    {
      config: { ownedBy: ownerByParam(context.db, smartClusters, 'id') },
      schema: {
        tags: ['cluster'],
        summary:
          'One smart cluster with its member clusters and their deployments (what the console shows of one)',
        security: sessionOrApiKey,
        params: idParams,
        response: { 200: smartClusterInFullSchema, ...errorResponses },
      },
    },
    (request) => smartClusterInFull(context, request.account.id, request.params.id),
  );

  app.get(
    '/clusters/:id/placements',
    {
      config: { ownedBy: ownerByParam(context.db, smartClusters, 'id') },
      schema: {
        tags: ['cluster'],
        summary:
          'Where Meridian placed an AUTOMATIC smart cluster and why: its placement decisions, newest first',
        security: sessionOrApiKey,
        params: idParams,
        response: { 200: placementHistorySchema, ...errorResponses },
      },
    },
    (request) => placementHistory(context, request.account.id, request.params.id),
  );
}

/** Creating, updating and deleting smart clusters. */
function smartClusterRoutes(app: RouteApp, context: ClusterContext): void {
  app.post(
    '/clusters',
    {
      preValidation: bodyAsObject,
      schema: {
        tags: ['cluster'],
        summary:
          'Create a smart cluster (manual or automatic body); its members are provisioned by jobs',
        security: sessionOrApiKey,
        body: smartClusterCreateSchema,
        response: { 200: smartClusterSchema, ...errorResponses },
      },
    },
    (request) => createSmartCluster(context, request.user.id, request.body, request.account.id),
  );

  app.put(
    '/clusters/:id',
    {
      config: { ownedBy: ownerByParam(context.db, smartClusters, 'id') },
      schema: {
        tags: ['cluster'],
        summary: 'Update a smart cluster: name, plus datacenters (manual) or budget and latency',
        security: sessionOrApiKey,
        params: idParams,
        body: smartClusterUpdateSchema,
        response: { 200: smartClusterSchema, ...errorResponses },
      },
    },
    (request) => updateSmartCluster(context, request.account.id, request.params.id, request.body),
  );

  app.delete(
    '/clusters/:id',
    {
      config: { ownedBy: ownerByParam(context.db, smartClusters, 'id') },
      schema: {
        tags: ['cluster'],
        summary: 'Delete a smart cluster (from success or failure); answers it, now deleting',
        security: sessionOrApiKey,
        params: idParams,
        response: { 200: smartClusterSchema, ...errorResponses },
      },
    },
    (request) => removeSmartCluster(context, request.account.id, request.params.id),
  );

  app.delete(
    '/clusters/shared/:id',
    {
      config: { ownedBy: ownerByParam(context.db, smartClusters, 'id') },
      schema: {
        tags: ['cluster'],
        summary: 'Delete a shared smart cluster (default_shared_for_org_uuid set)',
        security: sessionOrApiKey,
        params: idParams,
        response: { 200: smartClusterSchema, ...errorResponses },
      },
    },
    (request) =>
      removeSmartCluster(context, request.account.id, request.params.id, { shared: true }),
  );
}

/** An external cluster, added by uploading its kubeconfig. */
function externalClusterRoutes(app: RouteApp, context: ClusterContext): void {
  app.post(
    '/clusters/external',
    {
      schema: {
        tags: ['cluster'],
        summary: `Add an external cluster: multipart with \`name\` and a \`kubeConfig\` file (at most ${externalKubeconfigMaxBytes / 1024} KiB)`,
        consumes: ['multipart/form-data'],
        security: sessionOrApiKey,
        response: { 200: smartClusterSchema, ...errorResponses, 413: errorBodySchema },
      },
      config: {
        multipartBody: {
          fields: externalClusterSchema,
          file: { name: 'kubeConfig', description: 'The kubeconfig YAML file', required: true },
        },
      },
    },
    async (request) => {
      const form = await readMultipartForm(
        request,
        `The kubeconfig must be at most ${externalKubeconfigMaxBytes / 1024} KiB`,
      );
      const name = form.fields.name;
      const kubeconfig = form.file?.fieldname === 'kubeConfig' ? form.file.text : undefined;
      const parsed = externalClusterSchema.safeParse({ name });
      const messages = parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
      if (!kubeconfig?.trim()) messages.push(clusterMessages.kubeconfigRequired);
      if (!parsed.success || !kubeconfig) throw new ValidationError(messages);
      const { id, organization } = request.account;
      const organizationId = organization?.id ?? null;
      return createExternalCluster(context, id, parsed.data.name, kubeconfig, organizationId);
    },
  );
}

/** The kubeconfig of one member cluster, for the user's own tools. */
function kubeconfigRoutes(app: RouteApp, context: ClusterContext): void {
  app.get(
    '/clusters/:id/config',
    {
      config: { ownedBy: ownerByParam(context.db, smartClusters, 'id'), role: 'developer' },
      schema: {
        tags: ['cluster'],
        summary:
          'Kubeconfig of the member in the datacenter named by the x-provider-id header: a JSON string holding the YAML in base64',
        security: sessionOrApiKey,
        params: idParams,
        headers: z.object({ [providerIdHeader]: z.string().optional() }),
        response: { 200: kubeconfigDownloadSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const encoded = await memberKubeconfig(
        context,
        request.account.id,
        request.params.id,
        request.headers[providerIdHeader],
      );
      // Fastify sends a string as it is: make it the JSON string the schema documents.
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(encoded));
    },
  );
}

/** Renewing the credentials Meridian issued for a smart cluster; both answer 204. */
function credentialRoutes(app: RouteApp, context: ClusterContext): void {
  app.post(
    '/clusters/:id/credentials',
    {
      config: { ownedBy: ownerByParam(context.db, smartClusters, 'id') },
      schema: {
        tags: ['cluster'],
        summary:
          'Rotate the kubeconfig credentials of every running member: kubeconfigs downloaded before answer 401 from now on (409 for an external cluster)',
        security: sessionOrApiKey,
        params: idParams,
        response: { 204: noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await rotateClusterCredentials(context, request.account.id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/clusters/:id/monitoring_password',
    {
      config: { ownedBy: ownerByParam(context.db, smartClusters, 'id') },
      preValidation: bodyAsObject,
      schema: {
        tags: ['cluster'],
        summary:
          'Change the monitoring password of the smart cluster (username admin; at least 12 characters)',
        security: sessionOrApiKey,
        params: idParams,
        body: monitoringPasswordChangeSchema,
        response: { 204: noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { password } = request.body;
      await changeMonitoringPassword(context, request.account.id, request.params.id, password);
      return reply.code(204).send(null);
    },
  );

  // It answers a password: a console session only, like the calls minting API keys.
  app.post(
    '/clusters/:id/monitoring_password',
    {
      config: { ownedBy: ownerByParam(context.db, smartClusters, 'id') },
      onRequest: requireSession,
      schema: {
        tags: ['cluster'],
        summary:
          'Rotate the monitoring password to a generated one (12 random bytes in base64), answered this once; the old one is refused from the next request on',
        security: sessionOnly,
        params: idParams,
        response: { 200: monitoringPasswordRotatedSchema, 403: errorBodySchema, ...errorResponses },
      },
    },
    (request) => rotateMonitoringPassword(context, request.account.id, request.params.id),
  );
}
