import {
  addMemberSchema,
  createOrganizationSchema,
  organizationListSchema,
  organizationSchema,
} from '@meridian/domain/auth/organization';
import { invitationSentSchema } from '@meridian/domain/auth/invitation';
import { statusResultSchema } from '@meridian/domain/operation-result';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@meridian/domain/errors';
import { requireSession } from '../../../platform/http/authenticate';
import { rejectMalformedIds } from '../../../platform/http/malformed-id';
import {
  bodyAsObject,
  errorResponses,
  notFoundId,
  sessionOnly,
} from '../../../platform/http/route-schema';
import type { AccountContext } from '../account-context';
import { inviteMember } from './invitation.service';
import { createOrganization, listOrganizations, removeMember } from './organization.service';

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
  const onRequest = [app.authenticate, requireSession];
  app.addHook('preValidation', rejectMalformedIds);

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
        summary: 'Create an organisation; you are its first admin',
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
          'Invite a user by username (its admins only); the answer is the same whether or not ' +
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
        summary: 'Remove a member (an admin), or leave (yourself); the last admin stays',
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
};
