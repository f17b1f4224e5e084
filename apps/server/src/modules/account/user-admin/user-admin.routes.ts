import {
  adminUserPageSchema,
  adminUserQuerySchema,
  adminUserSchema,
  adminUserUpdateSchema,
  passwordResetSchema,
} from '@meridian/domain/auth/user-admin';
import { errorBodySchema } from '@meridian/domain/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../../platform/http/authenticate';
import { rejectMalformedIds } from '../../../platform/http/malformed-id';
import {
  bodyAsObject,
  errorResponses,
  notFoundId,
  sessionOnly,
} from '../../../platform/http/route-schema';
import type { AccountContext } from '../account-context';
import { listUsers, resetPassword, setUserDisabled } from './user-admin.service';

const tags = ['auth'];
const userParams = z.object({ userId: z.uuid(notFoundId) });
const refusals = { ...errorResponses, 403: errorBodySchema };

/** `/auth/users…`: the installation admin's Users page (issue 37); creating stays `POST /auth/users`. */
export const userAdminRoutes: FastifyPluginAsyncZod<{ context: AccountContext }> = async (
  app,
  { context },
) => {
  const onRequest = [app.authenticate, requireSession];
  app.addHook('preValidation', rejectMalformedIds);

  app.get(
    '/users',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Every account, oldest first, with whether it is disabled (admins only)',
        security: sessionOnly,
        querystring: adminUserQuerySchema,
        response: { 200: adminUserPageSchema, ...refusals },
      },
    },
    (request) => listUsers(context, request.user, request.query),
  );

  app.put(
    '/users/:userId',
    {
      onRequest,
      preValidation: bodyAsObject,
      schema: {
        tags,
        summary:
          'Disable an account (its sessions end, its API keys are refused) or enable it again (admins only)',
        security: sessionOnly,
        params: userParams,
        body: adminUserUpdateSchema,
        response: { 200: adminUserSchema, ...refusals },
      },
    },
    (request) =>
      setUserDisabled(context, request.user, request.params.userId, request.body.disabled),
  );

  app.post(
    '/users/:userId/password',
    {
      onRequest,
      preValidation: bodyAsObject,
      schema: {
        tags,
        summary: "Set an account's password (admins only); its sessions end",
        security: sessionOnly,
        params: userParams,
        body: passwordResetSchema,
        response: { 200: adminUserSchema, ...refusals },
      },
    },
    (request) =>
      resetPassword(context, request.user, request.params.userId, request.body.new_password),
  );
};
