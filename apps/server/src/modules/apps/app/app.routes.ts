import {
  appSchema,
  appSummaryPageSchema,
  appSummaryQuerySchema,
  removalResultSchema,
} from '@meridian/domain/apps/app-api';
import { appCreateFieldsSchema, appUpdateFieldsSchema } from '@meridian/domain/apps/app-form';
import { errorBodySchema } from '@meridian/domain/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { revisionReaderOf } from '../../../platform/db/per-user-revision-cache';
import { requestActor } from '../../../platform/http/request-actor';
import {
  errorResponses,
  fullListResponses,
  bodyAsObject,
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
import {
  createApp,
  createAppListCache,
  getApp,
  listApps,
  removeApp,
  updateApp,
} from './app.service';
import { sendSerialised } from '../../../platform/http/serialised-body';
import { appSummaryPage, createAppSummaryCache } from './app-summary';
import { ownerByParam } from '../../../platform/db/row-owner';
import { apps } from '../../../platform/db/schema/apps';
import { moveToOrganizationSchema, organizationMessages } from '@meridian/domain/auth/organization';
import { ConflictError, NotFoundError } from '../../../platform/http/errors';
import { findOwnApp } from './app.queries';
import { moveAppToOrganization } from './app-transfer';

const appParams = z.object({ appId: z.uuid(notFoundId) });

/** `/meridian/v1/kube/apps…`: the user's apps (spec "The calls it makes" Apps). */
export const appRoutes: FastifyPluginAsyncZod<{ context: AppsContext }> = async (
  app,
  { context },
) => {
  await registerTemplateUploads(app);
  readRoutes(app, context);
  writeRoutes(app, context);
  transferRoute(app, context);
};

function readRoutes(app: RouteApp, context: AppsContext): void {
  const listCache = createAppListCache();
  app.get(
    '/apps',
    {
      schema: {
        tags: ['apps'],
        summary: "The user's apps with their versions (without templates) and deployments",
        security: sessionOrApiKey,
        response: fullListResponses(appSchema),
      },
    },
    async (request, reply) =>
      sendSerialised(request, reply, await listApps(context, listCache, revisionReaderOf(request))),
  );

  const summaryCache = createAppSummaryCache();
  app.get(
    '/apps/summary',
    {
      schema: {
        tags: ['apps'],
        summary:
          "One page of the user's apps as the console's sidebar shows them (no versions or deployments)",
        security: sessionOrApiKey,
        querystring: appSummaryQuerySchema,
        response: { 200: appSummaryPageSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    (request) => appSummaryPage(context, summaryCache, revisionReaderOf(request), request.query),
  );

  app.get(
    '/apps/:appId',
    {
      config: { ownedBy: ownerByParam(context.db, apps, 'appId') },
      schema: {
        tags: ['apps'],
        summary: 'One app, its versions with their templates, and its deployments',
        security: sessionOrApiKey,
        params: appParams,
        response: { 200: appSchema, ...errorResponses },
      },
    },
    (request) => getApp(context, request.account.id, request.params.appId),
  );
}

function writeRoutes(app: RouteApp, context: AppsContext): void {
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
      config: { multipartBody: { fields: appCreateFieldsSchema, file: templateUpload } },
    },
    async (request) => {
      const form = await readTemplateForm(request);
      const fields = parseFields(appCreateFieldsSchema, form.fields);
      if (fields.organization_uuid) await request.actIn(fields.organization_uuid, 'admin');
      const { id, organization } = request.account;
      const actor = requestActor(request);
      return createApp(context, id, fields, form.template, actor, organization?.id ?? null);
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
      // Read by hand below, so only documented: without it /docs shows no body at all.
      config: {
        ownedBy: ownerByParam(context.db, apps, 'appId'),
        multipartBody: { fields: appUpdateFieldsSchema },
      },
    },
    async (request) => {
      const raw = request.isMultipart()
        ? (await readTemplateForm(request)).fields
        : ((request.body ?? {}) as Record<string, string>);
      const change = parseFields(appUpdateFieldsSchema, raw);
      return updateApp(context, request.account.id, request.params.appId, change);
    },
  );

  app.delete(
    '/apps/:appId',
    {
      config: { ownedBy: ownerByParam(context.db, apps, 'appId') },
      schema: {
        tags: ['apps'],
        summary: 'Delete an app: its deployments are removed first, then the app',
        security: sessionOrApiKey,
        params: appParams,
        response: { 200: removalResultSchema, ...errorResponses },
      },
    },
    (request) =>
      removeApp(context, request.account.id, request.params.appId, requestActor(request)),
  );
}

/** `PUT /apps/{appId}/organization`: a personal app, with nothing deployed, moves into an organisation. */
function transferRoute(app: RouteApp, context: AppsContext): void {
  app.put(
    '/apps/:appId/organization',
    {
      config: { ownedBy: ownerByParam(context.db, apps, 'appId') },
      preValidation: bodyAsObject,
      schema: {
        tags: ['apps'],
        summary:
          'Move your own app into an organisation you are an admin of (nothing may be deployed: ' +
          "an organisation's apps run on its own smart clusters)",
        security: sessionOrApiKey,
        params: appParams,
        body: moveToOrganizationSchema,
        response: { 200: appSchema, ...errorResponses, 403: errorBodySchema },
      },
    },
    async (request) => {
      if (request.account.organization) {
        throw new ConflictError(organizationMessages.alreadyOrganization('app'));
      }
      const { appId } = request.params;
      // Not the caller's: 404 before the organisation is looked at, as for any other app.
      if (!(await findOwnApp(context.db, request.user.id, appId))) {
        throw new NotFoundError('App not found');
      }
      const target = request.body.organization_uuid;
      await request.actIn(target, 'admin');
      return moveAppToOrganization(context, request.user.id, appId, target);
    },
  );
}
