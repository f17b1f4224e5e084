import {
  apiKeyListSchema,
  createApiKeySchema,
  createdApiKeySchema,
  revokeApiKeySchema,
} from '@meridian/domain/auth/api-key';
import { errorBodySchema } from '@meridian/domain/errors';
import { statusResultSchema } from '@meridian/domain/operation-result';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ApiKeyService } from './api-key.service';
import { requireSession } from '../../platform/http/authenticate';

export interface ApiKeyRoutesOptions {
  service: ApiKeyService;
}

const authenticated = [{ bearerAuth: [], userId: [] }];

/**
 * `/auth/api_key`: the signed-in user's API keys. Managed from the console only: a request
 * authenticated with an API key gets 403 here, so a leaked key cannot mint or revoke keys.
 */
export const apiKeyRoutes: FastifyPluginAsyncZod<ApiKeyRoutesOptions> = async (
  app,
  { service },
) => {
  const onRequest = [app.authenticate, requireSession];

  app.get(
    '/api_key',
    {
      onRequest,
      schema: {
        tags: ['auth'],
        summary: 'List your API keys, newest first (names and dates only)',
        security: authenticated,
        response: { 200: apiKeyListSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    (request) => service.list(request.user.id),
  );

  app.post(
    '/api_key',
    {
      onRequest,
      preValidation: async (request) => {
        request.body ??= {} as typeof request.body;
      },
      schema: {
        tags: ['auth'],
        summary: 'Create an API key; the key is answered this once and stored only as a hash',
        security: authenticated,
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
    (request) => service.create(request.user.id, request.body),
  );

  app.delete(
    '/api_key',
    {
      onRequest,
      preValidation: async (request) => {
        request.body ??= {} as typeof request.body;
      },
      schema: {
        tags: ['auth'],
        summary: 'Revoke your API key of this name; requests carrying it are refused at once',
        security: authenticated,
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
      await service.revoke(request.user.id, request.body.name);
      return { status: 'success' as const };
    },
  );
};
