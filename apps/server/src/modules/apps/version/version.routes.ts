import { removalResultSchema, versionSchema } from '@meridian/domain/apps/app-api';
import { versionCreateFieldsSchema, versionUpdateSchema } from '@meridian/domain/apps/app-form';
import { errorBodySchema } from '@meridian/domain/errors';
import { create as attachment } from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestActor } from '../../../platform/http/request-actor';
import {
  errorResponses,
  notFoundId,
  sessionOrApiKey,
  type RouteApp,
} from '../../../platform/http/route-schema';
import type { AppsContext } from '../apps-context';
import {
  parseFields,
  readTemplateForm,
  registerTemplateUploads,
  templateUpload,
} from '../template/template-form';
import { createVersion, removeVersion, updateVersion, versionTemplate } from './version.service';
import { ownerByParam } from '../../../platform/db/row-owner';
import { apps, versions } from '../../../platform/db/schema/apps';

export const versionParams = z.object({ versionId: z.uuid(notFoundId) });

/** `/meridian/v1/kube/apps/…/versions…`: an app's versions and their templates (spec "The calls it makes" Versions). */
export const versionRoutes: FastifyPluginAsyncZod<{ context: AppsContext }> = async (
  app,
  { context },
) => {
  await registerTemplateUploads(app);

  app.post(
    '/apps/:appId/versions',
    {
      schema: {
        tags: ['apps'],
        summary:
          'Add a version (multipart: name, template_type, template, template_name, flavor_name, volume_type)',
        consumes: ['multipart/form-data'],
        security: sessionOrApiKey,
        params: z.object({ appId: z.uuid(notFoundId) }),
        response: { 200: versionSchema, ...errorResponses, 413: errorBodySchema },
      },
      config: {
        ownedBy: ownerByParam(context.db, apps, 'appId'),
        role: 'developer',
        multipartBody: { fields: versionCreateFieldsSchema, file: templateUpload },
      },
    },
    async (request) => {
      const form = await readTemplateForm(request);
      const fields = parseFields(versionCreateFieldsSchema, form.fields);
      const { appId } = request.params;
      const actor = requestActor(request);
      return createVersion(context, request.account.id, appId, fields, form.template, actor);
    },
  );

  app.put(
    '/apps/versions/:versionId',
    {
      config: { ownedBy: ownerByParam(context.db, versions, 'versionId'), role: 'developer' },
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
      updateVersion(context, request.account.id, request.params.versionId, request.body.name),
  );

  app.delete(
    '/apps/versions/:versionId',
    {
      config: { ownedBy: ownerByParam(context.db, versions, 'versionId') },
      schema: {
        tags: ['apps'],
        summary: 'Delete a version: its deployments are removed first',
        security: sessionOrApiKey,
        params: versionParams,
        response: { 200: removalResultSchema, ...errorResponses },
      },
    },
    (request) =>
      removeVersion(context, request.account.id, request.params.versionId, requestActor(request)),
  );

  templateRoute(app, context);
};

/** `GET /apps/versions/{id}/template`: the template as a file. */
function templateRoute(app: RouteApp, context: AppsContext): void {
  app.get(
    '/apps/versions/:versionId/template',
    {
      config: { ownedBy: ownerByParam(context.db, versions, 'versionId') },
      schema: {
        tags: ['apps'],
        summary: "Download a version's template (YAML; a registry password reads <sealed>)",
        security: sessionOrApiKey,
        params: versionParams,
        response: { 200: z.string(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const template = await versionTemplate(context, request.account.id, request.params.versionId);
      return reply
        .type('application/yaml; charset=utf-8')
        .header('content-disposition', attachment(template.name))
        .send(template.text);
    },
  );
}
