import {
  addMemberSchema,
  createOrganizationSchema,
  memberRoleSchema,
  organizationListSchema,
  organizationSchema,
} from '@meridian/domain/auth/organization';
import { invitationSentSchema } from '@meridian/domain/auth/invitation';
import { statusResultSchema } from '@meridian/domain/operation-result';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@meridian/domain/errors';
import { requireSession, type AuthenticateHook } from '../../../platform/http/authenticate';
import { rejectMalformedIds } from '../../../platform/http/malformed-id';
import {
  bodyAsObject,
  errorResponses,
  notFoundId,
  sessionOnly,
  type RouteApp,
} from '../../../platform/http/route-schema';
import type { AccountContext } from '../account-context';
import { inviteMember } from './invitation.service';
import {
  changeMemberRole,
  createOrganization,
  deleteOrganization,
  listOrganizations,
  removeMember,
} from './organization.service';

const tags = ['auth'];
const withForbidden = { ...errorResponses, 403: errorBodySchema };
const withThrottle = { ...withForbidden, 429: errorBodySchema };

/**
 * `/auth/organizations`: groups of users that share a default smart cluster. Managed from the
 * console only (a session, like API keys): an API key cannot change who belongs.
 */
export const organizationRoutes: FastifyPluginAsyncZod<{ context: AccountContext }> = async (
  app,
  { context },
) => {
  const onRequest: [AuthenticateHook, typeof requireSession] = [app.authenticate, requireSession];
  app.addHook('preValidation', rejectMalformedIds);

  deleteOrganizationRoute(app, context, onRequest);
  app.get(
    '/organizations',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Your organisations: your role in each and every member',
        security: sessionOnly,
        response: { 200: organizationListSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    (request) => listOrganizations(context, request.user.id),
  );

  app.post(
    '/organizations',
    {
      onRequest,
      preValidation: bodyAsObject,
      schema: {
        tags,
        summary: 'Create an organisation; you are its owner',
        security: sessionOnly,
        body: createOrganizationSchema,
        response: { 201: organizationSchema, ...withForbidden },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createOrganization(context, request.user.id, request.body.name)),
  );

  app.post(
    '/organizations/:organizationId/members',
    {
      onRequest,
      preValidation: bodyAsObject,
      schema: {
        tags,
        summary:
          'Invite a user by username (its admins and owners only); the answer is the same whether or not ' +
          'the username exists, and the user becomes a member only by accepting',
        security: sessionOnly,
        params: z.object({ organizationId: z.uuid(notFoundId) }),
        body: addMemberSchema,
        response: { 202: invitationSentSchema, ...withThrottle },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(
          await inviteMember(context, request.user.id, request.params.organizationId, request.body),
        ),
  );

  app.delete(
    '/organizations/:organizationId/members/:userId',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Remove a member (an admin or owner), or leave (yourself); the last owner stays',
        security: sessionOnly,
        params: z.object({ organizationId: z.uuid(notFoundId), userId: z.uuid(notFoundId) }),
        response: { 200: statusResultSchema, ...withForbidden },
      },
    },
    async (request) => {
      const { organizationId, userId } = request.params;
      await removeMember(context, request.user.id, organizationId, userId);
      return { status: 'success' as const };
    },
  );

  memberRoleRoutes(app, context, onRequest);
};

const memberParams = z.object({ organizationId: z.uuid(notFoundId), userId: z.uuid(notFoundId) });

/** Changing a member's role (docs/organizations.md). */
function memberRoleRoutes(
  app: RouteApp,
  context: AccountContext,
  onRequest: [AuthenticateHook, typeof requireSession],
): void {
  app.put(
    '/organizations/:organizationId/members/:userId',
    {
      onRequest,
      preValidation: bodyAsObject,
      schema: {
        tags,
        summary:
          "Change a member's role: admins set admin, developer or viewer; owners also grant or " +
          'take owner (transfer ownership); the last owner stays',
        security: sessionOnly,
        params: memberParams,
        body: memberRoleSchema,
        response: { 200: organizationSchema, ...withForbidden },
      },
    },
    async (request) => {
      const { organizationId, userId } = request.params;
      return changeMemberRole(context, request.user.id, organizationId, userId, request.body.role);
    },
  );
}

/** Registered before the member routes: the reliability matrices delete children first. */
function deleteOrganizationRoute(
  app: RouteApp,
  context: AccountContext,
  onRequest: [AuthenticateHook, typeof requireSession],
): void {
  app.delete(
    '/organizations/:organizationId',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Delete the organisation (its owners only), once it owns nothing',
        security: sessionOnly,
        params: z.object({ organizationId: z.uuid(notFoundId) }),
        response: { 200: statusResultSchema, ...withForbidden },
      },
    },
    async (request) => {
      await deleteOrganization(context, request.user.id, request.params.organizationId);
      return { status: 'success' as const };
    },
  );
}
