import {
  keypairVerificationSchema,
  privateKeyResultSchema,
  publicKeyResultSchema,
} from '@meridian/domain/auth/keypair';
import { errorBodySchema } from '@meridian/domain/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../../../platform/http/authenticate';
import type { AccountContext } from '../account-context';
import { getPublicKey, revealPrivateKey } from './keypair.service';
import { bodyAsObject, sessionOnly } from '../../../platform/http/route-schema';

/** `/auth/users/{public,private}_key`: the signed-in user's SSH keypair (ed25519). */
export const keypairRoutes: FastifyPluginAsyncZod<{ context: AccountContext }> = async (
  app,
  { context },
) => {
  app.get(
    '/users/public_key',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Your SSH public key in OpenSSH form; the keypair is made on first use',
        security: sessionOnly,
        response: { 200: publicKeyResultSchema, 401: errorBodySchema },
      },
    },
    (request) => getPublicKey(context, request.user.id),
  );

  app.post(
    '/users/private_key',
    {
      // A leaked API key must not be enough to take the private key away.
      onRequest: [app.authenticate, requireSession],
      preValidation: bodyAsObject,
      schema: {
        tags: ['auth'],
        summary: 'Your SSH private key, after your username and password are given again',
        security: sessionOnly,
        body: keypairVerificationSchema,
        response: {
          200: privateKeyResultSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    (request) => revealPrivateKey(context, request.user, request.body, request.ip),
  );
};
