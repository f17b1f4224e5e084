import {
  disableTwoFactorSchema,
  enableTwoFactorSchema,
  recoveryCodesSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@meridian/domain/auth/account-security';
import { errorBodySchema } from '@meridian/domain/errors';
import { statusResultSchema } from '@meridian/domain/operation-result';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../../../platform/http/authenticate';
import { bodyAsObject, sessionOnly } from '../../../platform/http/route-schema';
import type { AccountContext } from '../account-context';
import {
  disableTwoFactor,
  enableTwoFactor,
  setUpTwoFactor,
  twoFactorEnabled,
} from './two-factor.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};

/** `/auth/2fa`: TOTP two-factor authentication, managed from a console session only. */
export const twoFactorRoutes: FastifyPluginAsyncZod<{ context: AccountContext }> = async (
  app,
  { context },
) => {
  const onRequest = [app.authenticate, requireSession];
  app.get(
    '/2fa',
    {
      onRequest,
      schema: {
        tags: ['auth'],
        summary: 'Whether your login asks for a code from an authenticator app',
        security: sessionOnly,
        response: { 200: twoFactorStatusSchema, ...errors },
      },
    },
    (request) => twoFactorEnabled(context, request.user.id),
  );
  app.post(
    '/2fa/setup',
    {
      onRequest,
      schema: {
        tags: ['auth'],
        summary: 'Start two-factor authentication: a TOTP secret for an authenticator app',
        security: sessionOnly,
        response: { 200: twoFactorSetupSchema, ...errors },
      },
    },
    (request) => setUpTwoFactor(context, request.user),
  );
  app.post(
    '/2fa/enable',
    {
      onRequest,
      preValidation: bodyAsObject,
      schema: {
        tags: ['auth'],
        summary: 'Turn two-factor authentication on with a first code; answers 10 recovery codes',
        security: sessionOnly,
        body: enableTwoFactorSchema,
        response: { 200: recoveryCodesSchema, ...errors },
      },
    },
    (request) => enableTwoFactor(context, request.user, request.body.code, request.ip),
  );
  app.post(
    '/2fa/disable',
    {
      onRequest,
      preValidation: bodyAsObject,
      schema: {
        tags: ['auth'],
        summary: 'Turn two-factor authentication off with your password and a code',
        security: sessionOnly,
        body: disableTwoFactorSchema,
        response: { 200: statusResultSchema, ...errors },
      },
    },
    async (request) => {
      await disableTwoFactor(context, request.user, request.body, request.ip);
      return { status: 'success' as const };
    },
  );
};
