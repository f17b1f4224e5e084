import multipart from '@fastify/multipart';
import {
  clusterSchema,
  datacenterSchema,
  externalKubeconfigMaxBytes,
  kubeconfigDownloadSchema,
  providerIdHeader,
  smartClusterSchema,
} from '@meridian/domain/clusters/cluster-api';
import {
  clusterMessages,
  externalClusterSchema,
  smartClusterCreateSchema,
  smartClusterUpdateSchema,
} from '@meridian/domain/clusters/smart-cluster';
import { errorBodySchema } from '@meridian/domain/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PayloadTooLargeError, ValidationError } from '../../lib/errors';
import { rejectMalformedIds } from '../../lib/malformed-id';
import { errorResponses, notFoundId, sessionOrApiKey } from '../../lib/route-schema';
import type { ClusterService } from './cluster.service';

export interface ClusterRoutesOptions {
  service: ClusterService;
}

const idParams = z.object({ id: z.uuid(notFoundId) });

/** `/cluster`: datacenters, smart clusters and their member clusters (spec §7, Clusters). */
export const clusterRoutes: FastifyPluginAsyncZod<ClusterRoutesOptions> = async (
  app,
  { service },
) => {
  await app.register(multipart, {
    limits: { fileSize: externalKubeconfigMaxBytes, files: 1, fields: 10, fieldSize: 4096 },
  });
  app.addHook('onRequest', app.authenticate);
  app.addHook('preValidation', rejectMalformedIds);

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
    () => service.listDatacenters(),
  );

  app.get(
    '/smart_clusters',
    {
      schema: {
        tags: ['cluster'],
        summary: "The user's smart clusters, by their stored order",
        security: sessionOrApiKey,
        response: { 200: z.array(smartClusterSchema), 401: errorBodySchema },
      },
    },
    (request) => service.listSmartClusters(request.user.id),
  );

  app.get(
    '/clusters',
    {
      schema: {
        tags: ['cluster'],
        summary: "The user's member clusters (one per datacenter of each smart cluster)",
        security: sessionOrApiKey,
        response: { 200: z.array(clusterSchema), 401: errorBodySchema },
      },
    },
    (request) => service.listClusters(request.user.id),
  );

  app.post(
    '/clusters',
    {
      preValidation: async (request) => {
        request.body ??= {} as typeof request.body;
      },
      schema: {
        tags: ['cluster'],
        summary:
          'Create a smart cluster (manual or automatic body); its members are provisioned by jobs',
        security: sessionOrApiKey,
        body: smartClusterCreateSchema,
        response: { 200: smartClusterSchema, ...errorResponses },
      },
    },
    (request) => service.create(request.user.id, request.body),
  );

  app.post(
    '/clusters/external',
    {
      schema: {
        tags: ['cluster'],
        summary:
          'Add an external cluster: multipart with `name` and a `kubeConfig` file (at most 256 KiB)',
        consumes: ['multipart/form-data'],
        security: sessionOrApiKey,
        response: { 200: smartClusterSchema, ...errorResponses, 413: errorBodySchema },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new ValidationError([clusterMessages.kubeconfigRequired]);
      let name: unknown;
      let kubeconfig: string | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            const content = await part.toBuffer();
            if (part.fieldname === 'kubeConfig') kubeconfig = content.toString('utf8');
          } else if (part.fieldname === 'name') {
            name = part.value;
          }
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new PayloadTooLargeError('The kubeconfig must be at most 256 KiB');
        }
        throw error;
      }
      const parsed = externalClusterSchema.safeParse({ name });
      const messages = parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
      if (!kubeconfig?.trim()) messages.push(clusterMessages.kubeconfigRequired);
      if (!parsed.success || !kubeconfig) throw new ValidationError(messages);
      return service.createExternal(request.user.id, parsed.data.name, kubeconfig);
    },
  );

  app.put(
    '/clusters/:id',
    {
      schema: {
        tags: ['cluster'],
        summary: 'Update a smart cluster: name, plus datacenters (manual) or budget and latency',
        security: sessionOrApiKey,
        params: idParams,
        body: smartClusterUpdateSchema,
        response: { 200: smartClusterSchema, ...errorResponses },
      },
    },
    (request) => service.update(request.user.id, request.params.id, request.body),
  );

  app.delete(
    '/clusters/:id',
    {
      schema: {
        tags: ['cluster'],
        summary: 'Delete a smart cluster (from success or failure); answers it, now deleting',
        security: sessionOrApiKey,
        params: idParams,
        response: { 200: smartClusterSchema, ...errorResponses },
      },
    },
    (request) => service.remove(request.user.id, request.params.id),
  );

  app.delete(
    '/clusters/shared/:id',
    {
      schema: {
        tags: ['cluster'],
        summary: 'Delete a shared smart cluster (default_shared_for_org_uuid set)',
        security: sessionOrApiKey,
        params: idParams,
        response: { 200: smartClusterSchema, ...errorResponses },
      },
    },
    (request) => service.remove(request.user.id, request.params.id, { shared: true }),
  );

  app.get(
    '/clusters/:id/config',
    {
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
      const encoded = await service.kubeconfig(
        request.user.id,
        request.params.id,
        request.headers[providerIdHeader],
      );
      // Fastify sends a string as it is: make it the JSON string the schema documents.
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(encoded));
    },
  );
};
