import {
  apiKeyListSchema,
  createApiKeySchema,
  createdApiKeySchema,
  revokeApiKeySchema,
} from '@meridian/domain/auth/api-key';
import { errorBodySchema } from '@meridian/domain/errors';
import { statusResultSchema } from '@meridian/domain/operation-result';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountContext } from '../account-context';
import { createApiKey, listUserApiKeys, revokeApiKey } from './api-key.service';
import { requireSession } from '../../../platform/http/authenticate';
import { bodyAsObject, sessionOnly } from '../../../platform/http/route-schema';

/**
 * `/auth/api_key`: the signed-in user's API keys. Managed from the console only: a request
 * sessionOnly with an API key gets 403 here, so a leaked key cannot mint or revoke keys.
 */
export const apiKeyRoutes: FastifyPluginAsyncZod<{ context: AccountContext }> = async (
  app,
  { context },
) => {
  const onRequest = [app.authenticate, requireSession];

  app.get(
    '/api_key',
    {
      onRequest,
      schema: {
        tags: ['auth'],
        summary: 'List your API keys, newest first (names and dates only)',
        security: sessionOnly,
        response: { 200: apiKeyListSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    (request) => listUserApiKeys(context, request.user.id),
  );

  app.post(
    '/api_key',
    {
      onRequest,
      preValidation: bodyAsObject,
      schema: {
        tags: ['auth'],
        summary: 'Create an API key; the key is answered this once and stored only as a hash',
        security: sessionOnly,
        body: createApiKeySchema,
        response: {
          200: createdApiKeySchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    (request) => createApiKey(context, request.user.id, request.body),
  );

  app.delete(
    '/api_key',
    {
      onRequest,
      preValidation: bodyAsObject,
      schema: {
        tags: ['auth'],
        summary: 'Revoke your API key of this name; requests carrying it are refused at once',
        security: sessionOnly,
        body: revokeApiKeySchema,
        response: {
          200: statusResultSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => {
      await revokeApiKey(context, request.user.id, request.body.name);
      return { status: 'success' as const };
    },
  );
};
