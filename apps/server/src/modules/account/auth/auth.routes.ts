import { loginSchema } from '@meridian/domain/auth/login';
import { loginResultSchema } from '@meridian/domain/auth/login-result';
import {
  createUserSchema,
  sessionUserSchema,
  updateMeSchema,
  userSchema,
} from '@meridian/domain/auth/user';
import { statusResultSchema } from '@meridian/domain/operation-result';
import { errorBodySchema } from '@meridian/domain/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountContext } from '../account-context';
import { changePasswordSchema } from '@meridian/domain/auth/account-security';
import { changePassword, createUser, login, logout, sessionUser, updateMe } from './auth.service';
import { requireSession } from '../../../platform/http/authenticate';
import type { RouteApp } from '../../../platform/http/route-schema';
import { bodyAsObject, sessionOnly } from '../../../platform/http/route-schema';

/** `/auth`: sessions and accounts. */
export const authRoutes: FastifyPluginAsyncZod<{ context: AccountContext }> = async (
  app,
  { context },
) => {
  loginRoute(app, context);
  sessionRoutes(app, context);
  passwordRoute(app, context);
};

function passwordRoute(app: RouteApp, context: AccountContext): void {
  app.put(
    '/password',
    {
      onRequest: [app.authenticate, requireSession],
      preValidation: bodyAsObject,
      schema: {
        tags: ['auth'],
        summary: 'Change your password; every other session of yours is signed out',
        security: sessionOnly,
        body: changePasswordSchema,
        response: {
          200: statusResultSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => {
      await changePassword(context, request.authentication, request.body, request.ip);
      return { status: 'success' as const };
    },
  );
}

function loginRoute(app: RouteApp, context: AccountContext): void {
  app.post(
    '/login',
    {
      // A form posted with no body at all still deserves the two field messages.
      preValidation: bodyAsObject,
      schema: {
        tags: ['auth'],
        summary: 'Log in with a username and password; answers a session token',
        // The one operation that needs no credentials.
        security: [],
        body: loginSchema,
        response: {
          200: loginResultSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    (request) => login(context, request.body, request.ip),
  );
}

/** The signed-in side: logout, who am I, and accounts made by an admin. */
function sessionRoutes(app: RouteApp, context: AccountContext): void {
  app.post(
    '/logout',
    {
      onRequest: [app.authenticate, requireSession],
      schema: {
        tags: ['auth'],
        summary: 'Revoke the session token the request carries',
        security: sessionOnly,
        response: { 200: statusResultSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => {
      await logout(context, request.authentication);
      return { status: 'success' as const };
    },
  );

  app.get(
    '/session',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Who the presented credentials belong to; 401 once the session has ended',
        security: sessionOnly,
        response: { 200: sessionUserSchema, 401: errorBodySchema },
      },
    },
    ({ authentication }) => sessionUser(context, authentication),
  );

  app.put(
    '/users/me',
    {
      onRequest: [app.authenticate, requireSession],
      preValidation: bodyAsObject,
      schema: {
        tags: ['auth'],
        summary: 'Set what you choose for yourself: the console’s language (en or fr-CA)',
        security: sessionOnly,
        body: updateMeSchema,
        response: { 200: sessionUserSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    (request) => updateMe(context, request.user, request.body),
  );

  app.post(
    '/users',
    {
      onRequest: [app.authenticate, requireSession],
      schema: {
        tags: ['auth'],
        summary: 'Create an account (admins only)',
        security: sessionOnly,
        body: createUserSchema,
        response: {
          201: userSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createUser(context, request.user, request.body)),
  );
}
