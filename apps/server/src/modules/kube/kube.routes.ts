import multipart from '@fastify/multipart';
import {
  appImageRolloutSchema,
  appSchema,
  deploymentRemovalSchema,
  deploymentSchema,
  deploymentUpdateSchema,
  smartClusterImageRolloutSchema,
  templateMaxBytes,
  versionDeploymentRequestSchema,
  versionSchema,
} from '@meridian/domain/apps/app-api';
import {
  appCreateFieldsSchema,
  appUpdateFieldsSchema,
  versionCreateFieldsSchema,
  versionUpdateSchema,
} from '@meridian/domain/apps/app-form';
import { errorBodySchema } from '@meridian/domain/errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PayloadTooLargeError, ValidationError } from '../../lib/errors';
import { rejectMalformedIds } from '../../lib/malformed-id';
import {
  attachmentDisposition,
  errorResponses,
  notFoundId,
  sessionOrApiKey,
} from '../../lib/route-schema';
import type { KubeService, TemplateUpload } from './kube.service';

export interface KubeRoutesOptions {
  service: KubeService;
}

const removalResultSchema = z.object({
  status: z.enum(['success', 'deleting']).describe('success: gone already; deleting: under way'),
});

/** A multipart form's text fields and its one template file (or Basic settings text field). */
interface TemplateForm {
  fields: Record<string, string>;
  template: TemplateUpload;
}

async function readTemplateForm(request: FastifyRequest): Promise<TemplateForm> {
  if (!request.isMultipart())
    throw new ValidationError(['The request must be multipart/form-data']);
  const fields: Record<string, string> = {};
  const template: TemplateUpload = { text: undefined, filename: undefined };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (part.fieldname === 'template') {
          template.text = content.toString('utf8');
          template.filename = part.filename || undefined;
        }
      } else if (typeof part.value === 'string') {
        if (part.fieldname === 'template') template.text = part.value;
        else fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FIELD_SIZE_LIMIT') {
      throw new PayloadTooLargeError(`The template must be at most ${templateMaxBytes / 1024} KiB`);
    }
    throw error;
  }
  return { fields, template };
}

function parseFields<T>(schema: z.ZodType<T>, fields: Record<string, string>): T {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw new ValidationError(parsed.error.issues.map((issue) => issue.message));
  return parsed.data;
}

/** `/meridian/v1/kube`: apps, versions and deployments (spec §7 Apps and Versions). */
export const kubeRoutes: FastifyPluginAsyncZod<KubeRoutesOptions> = async (app, { service }) => {
  await app.register(multipart, {
    limits: { fileSize: templateMaxBytes, files: 1, fields: 20, fieldSize: templateMaxBytes },
  });
  app.addHook('onRequest', app.authenticate);
  app.addHook('preValidation', rejectMalformedIds);

  const appParams = z.object({ appId: z.uuid(notFoundId) });
  const versionParams = z.object({ versionId: z.uuid(notFoundId) });
  const deploymentParams = z.object({ deploymentId: z.uuid(notFoundId) });

  app.get(
    '/apps',
    {
      schema: {
        tags: ['apps'],
        summary: "The user's apps with their versions (without templates) and deployments",
        security: sessionOrApiKey,
        response: {
          200: z.array(appSchema),
          304: z.null().describe('Not modified: the list carrying this ETag is still true'),
          401: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      // Sent as built (and cached) by the service: serialising through the schema per call would
      // cost more than the whole cached answer. The cast only quiets the schema-derived type.
      const list = await service.listApps(request.user.id);
      const headers = {
        etag: list.etag,
        'cache-control': 'private, no-cache',
        vary: 'accept-encoding, authorization, x-user-id',
      };
      if (request.headers['if-none-match'] === list.etag) {
        // Written by hand: Fastify would serialise a body and its length into a 304, and strict
        // clients then wait for bytes that never come.
        reply.hijack();
        reply.raw.writeHead(304, headers);
        reply.raw.end();
        return reply;
      }
      reply.headers(headers);
      reply.type('application/json; charset=utf-8');
      if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
        return reply.header('content-encoding', 'gzip').send(list.gzip as unknown as []);
      }
      return reply.send(list.json as unknown as []);
    },
  );

  app.get(
    '/apps/:appId',
    {
      schema: {
        tags: ['apps'],
        summary: 'One app, its versions with their templates, and its deployments',
        security: sessionOrApiKey,
        params: appParams,
        response: { 200: appSchema, ...errorResponses },
      },
    },
    (request) => service.getApp(request.user.id, request.params.appId),
  );

  app.post(
    '/apps',
    {
      schema: {
        tags: ['apps'],
        summary:
          'Create an app with its first version and deploy it (multipart: name, description, version_name, smart_cluster_uuid, template_type, template, template_name, flavor_name, volume_type)',
        consumes: ['multipart/form-data'],
        security: sessionOrApiKey,
        response: { 200: appSchema, ...errorResponses, 413: errorBodySchema },
      },
    },
    async (request) => {
      const form = await readTemplateForm(request);
      const fields = parseFields(appCreateFieldsSchema, form.fields);
      return service.create(request.user.id, fields, form.template);
    },
  );

  app.put(
    '/apps/:appId',
    {
      schema: {
        tags: ['apps'],
        summary: 'Rename an app or change its description (multipart: name and/or description)',
        consumes: ['multipart/form-data', 'application/json'],
        security: sessionOrApiKey,
        params: appParams,
        response: { 200: appSchema, ...errorResponses },
      },
    },
    async (request) => {
      const raw = request.isMultipart()
        ? (await readTemplateForm(request)).fields
        : ((request.body ?? {}) as Record<string, string>);
      const change = parseFields(appUpdateFieldsSchema, raw);
      return service.update(request.user.id, request.params.appId, change);
    },
  );

  app.delete(
    '/apps/:appId',
    {
      schema: {
        tags: ['apps'],
        summary: 'Delete an app: its deployments are removed first, then the app',
        security: sessionOrApiKey,
        params: appParams,
        response: { 200: removalResultSchema, ...errorResponses },
      },
    },
    (request) => service.remove(request.user.id, request.params.appId),
  );

  app.post(
    '/apps/:appId/versions',
    {
      schema: {
        tags: ['apps'],
        summary:
          'Add a version (multipart: name, template_type, template, template_name, flavor_name, volume_type)',
        consumes: ['multipart/form-data'],
        security: sessionOrApiKey,
        params: appParams,
        response: { 200: versionSchema, ...errorResponses, 413: errorBodySchema },
      },
    },
    async (request) => {
      const form = await readTemplateForm(request);
      const fields = parseFields(versionCreateFieldsSchema, form.fields);
      return service.createVersion(request.user.id, request.params.appId, fields, form.template);
    },
  );

  app.put(
    '/apps/versions/:versionId',
    {
      schema: {
        tags: ['apps'],
        summary: 'Rename a version',
        security: sessionOrApiKey,
        params: versionParams,
        body: versionUpdateSchema,
        response: { 200: versionSchema, ...errorResponses },
      },
    },
    (request) =>
      service.updateVersion(request.user.id, request.params.versionId, request.body.name),
  );

  app.delete(
    '/apps/versions/:versionId',
    {
      schema: {
        tags: ['apps'],
        summary: 'Delete a version: its deployments are removed first',
        security: sessionOrApiKey,
        params: versionParams,
        response: { 200: removalResultSchema, ...errorResponses },
      },
    },
    (request) => service.removeVersion(request.user.id, request.params.versionId),
  );

  app.get(
    '/apps/versions/:versionId/template',
    {
      schema: {
        tags: ['apps'],
        summary: "Download a version's template (YAML; a registry password reads <sealed>)",
        security: sessionOrApiKey,
        params: versionParams,
        response: { 200: z.string(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const template = await service.versionTemplate(request.user.id, request.params.versionId);
      return reply
        .type('application/yaml; charset=utf-8')
        .header('content-disposition', attachmentDisposition(template.name))
        .send(template.text);
    },
  );

  app.put(
    '/apps/deployment/:deploymentId',
    {
      schema: {
        tags: ['apps'],
        summary: 'Roll a deployment out again with another image and/or number of replicas',
        security: sessionOrApiKey,
        params: deploymentParams,
        body: deploymentUpdateSchema,
        response: { 200: deploymentSchema, ...errorResponses },
      },
    },
    (request) =>
      service.updateDeployment(request.user.id, request.params.deploymentId, request.body),
  );

  app.delete(
    '/apps/deployment',
    {
      preValidation: async (request) => {
        request.body ??= {} as typeof request.body;
      },
      schema: {
        tags: ['apps'],
        summary: 'Remove deployments (body {uuids}): their workloads or stacks are deleted',
        security: sessionOrApiKey,
        body: deploymentRemovalSchema,
        response: { 200: removalResultSchema, ...errorResponses },
      },
    },
    (request) => service.removeDeployments(request.user.id, request.body.uuids),
  );

  app.get(
    '/apps/deployment/smart_cluster/:id',
    {
      schema: {
        tags: ['apps'],
        summary: 'The deployments running on a smart cluster',
        security: sessionOrApiKey,
        params: z.object({ id: z.uuid(notFoundId) }),
        response: { 200: z.array(deploymentSchema), ...errorResponses },
      },
    },
    (request) => service.deploymentsOnSmartCluster(request.user.id, request.params.id),
  );

  app.put(
    '/apps/:appId/deployment',
    {
      schema: {
        tags: ['ci/cd'],
        summary:
          'CI/CD: roll a new image out on the app on these smart clusters (ApiKey or Bearer); answers the deployments, now updating',
        security: sessionOrApiKey,
        params: appParams,
        body: appImageRolloutSchema,
        response: { 200: z.array(deploymentSchema), ...errorResponses },
      },
    },
    (request) =>
      service.rollOutImage(
        request.user.id,
        request.params.appId,
        request.body.cluster_uuids,
        request.body.image_name,
      ),
  );
};

/** `POST /cluster/clusters/versions` (spec §7 Clusters): deploy a version onto smart clusters. */
export const versionDeploymentRoutes: FastifyPluginAsyncZod<KubeRoutesOptions> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', app.authenticate);
  app.post(
    '/clusters/versions',
    {
      preValidation: async (request) => {
        request.body ??= {} as typeof request.body;
      },
      schema: {
        tags: ['cluster'],
        summary: 'Deploy a version onto smart clusters; answers its deployments there',
        security: sessionOrApiKey,
        body: versionDeploymentRequestSchema,
        response: { 200: z.array(deploymentSchema), ...errorResponses },
      },
    },
    (request) =>
      service.deployVersion(
        request.user.id,
        request.body.version_uuid,
        request.body.smart_cluster_uuids,
      ),
  );
};

/** `PUT /intelligence/clusters/{smartClusterUuid}/deployment/{appUuid}` (spec §7 CI/CD). */
export const intelligenceDeploymentRoutes: FastifyPluginAsyncZod<KubeRoutesOptions> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('preValidation', rejectMalformedIds);
  app.put(
    '/clusters/:smartClusterUuid/deployment/:appUuid',
    {
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
      service.rollOutImage(
        request.user.id,
        request.params.appUuid,
        [request.params.smartClusterUuid],
        request.body.image_name,
      ),
  );
};
