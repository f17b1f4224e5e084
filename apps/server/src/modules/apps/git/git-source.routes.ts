import {
  gitSourceCreateSchema,
  gitSourceCreatedSchema,
  gitSourceSchema,
  gitSourceUpdateSchema,
} from '@meridian/domain/apps/git-source';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ownerByParam } from '../../../platform/db/row-owner';
import { apps } from '../../../platform/db/schema/apps';
import {
  bodyAsObject,
  errorResponses,
  notFoundId,
  sessionOrApiKey,
} from '../../../platform/http/route-schema';
import type { AppsContext } from '../apps-context';
import {
  changeGitSource,
  createGitSource,
  readGitSource,
  removeGitSource,
} from './git-source.service';

const params = z.object({ appId: z.uuid(notFoundId) });

/** Meridian's own address as the caller reached it: where the provider sends its webhooks. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** `/meridian/v1/kube/apps/{appId}/git` (issue 39): the app's git source. */
export const gitSourceRoutes: FastifyPluginAsyncZod<{ context: AppsContext }> = async (
  app,
  { context },
) => {
  const config = { ownedBy: ownerByParam(context.db, apps, 'appId'), role: 'developer' as const };
  app.post(
    '/apps/:appId/git',
    {
      config,
      preValidation: bodyAsObject,
      schema: {
        tags: ['apps'],
        summary:
          'Connect a GitHub or GitLab repository: its pushes deploy; the secret is shown once',
        security: sessionOrApiKey,
        params,
        body: gitSourceCreateSchema,
        response: { 200: gitSourceCreatedSchema, ...errorResponses },
      },
    },
    (request) =>
      createGitSource(
        context,
        request.account.id,
        request.params.appId,
        request.body,
        originOf(request),
      ),
  );
  readChangeRemoveRoutes(app, context, config);
};

/** GET, PUT and DELETE of the same path. */
function readChangeRemoveRoutes(
  app: Parameters<typeof gitSourceRoutes>[0],
  context: AppsContext,
  config: { ownedBy: ReturnType<typeof ownerByParam>; role: 'developer' },
): void {
  app.get(
    '/apps/:appId/git',
    {
      config: { ownedBy: config.ownedBy },
      schema: {
        tags: ['apps'],
        summary: "The app's git source, without its secret",
        security: sessionOrApiKey,
        params,
        response: { 200: gitSourceSchema, ...errorResponses },
      },
    },
    (request) =>
      readGitSource(context, request.account.id, request.params.appId, originOf(request)),
  );
  app.put(
    '/apps/:appId/git',
    {
      config,
      preValidation: bodyAsObject,
      schema: {
        tags: ['apps'],
        summary: "Change the git source's branch, image, smart clusters or previews",
        security: sessionOrApiKey,
        params,
        body: gitSourceUpdateSchema,
        response: { 200: gitSourceSchema, ...errorResponses },
      },
    },
    (request) =>
      changeGitSource(
        context,
        request.account.id,
        request.params.appId,
        request.body,
        originOf(request),
      ),
  );
  app.delete(
    '/apps/:appId/git',
    {
      config,
      schema: {
        tags: ['apps'],
        summary: 'Disconnect the git source (its webhook stops working; its previews are removed)',
        security: sessionOrApiKey,
        params,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await removeGitSource(context, request.account.id, request.params.appId);
      return reply.code(204).send(null);
    },
  );
}
