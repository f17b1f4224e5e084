import {
  createRegistrySchema,
  registryListSchema,
  registrySchema,
} from '@meridian/domain/auth/registry';
import { errorBodySchema } from '@meridian/domain/errors';
import { statusResultSchema } from '@meridian/domain/operation-result';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rejectMalformedIds } from '../../../platform/http/malformed-id';
import { bodyAsObject, notFoundId, sessionOrApiKey } from '../../../platform/http/route-schema';
import type { AccountContext } from '../account-context';
import { createRegistry, deleteRegistry, listRegistries } from './registry.service';

/** `/auth/registries` (issue 36): saved private registry credentials, the password sealed. */
export const registryRoutes: FastifyPluginAsyncZod<{ context: AccountContext }> = async (
  app,
  { context },
) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('preValidation', rejectMalformedIds);
  const errors = { 400: errorBodySchema, 401: errorBodySchema };

  app.get(
    '/registries',
    {
      schema: {
        tags: ['auth'],
        security: sessionOrApiKey,
        summary: 'List your saved registries, newest first (never their passwords)',
        response: { 200: registryListSchema, ...errors },
      },
    },
    (request) => listRegistries(context, request.user.id),
  );

  app.post(
    '/registries',
    {
      preValidation: bodyAsObject,
      schema: {
        tags: ['auth'],
        security: sessionOrApiKey,
        summary: 'Save a private registry; its password is sealed and never answered',
        body: createRegistrySchema,
        response: { 200: registrySchema, ...errors, 409: errorBodySchema },
      },
    },
    (request) => createRegistry(context, request.user.id, request.body),
  );

  app.delete(
    '/registries/:registryId',
    {
      schema: {
        tags: ['auth'],
        security: sessionOrApiKey,
        summary: 'Delete a saved registry; versions made with it keep working',
        params: z.object({ registryId: z.uuid(notFoundId) }),
        response: { 200: statusResultSchema, ...errors, 404: errorBodySchema },
      },
    },
    async (request) => {
      await deleteRegistry(context, request.user.id, request.params.registryId);
      return { status: 'success' as const };
    },
  );
};
