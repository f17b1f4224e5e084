import { invitationListSchema } from '@meridian/domain/auth/invitation';
import { organizationSchema } from '@meridian/domain/auth/organization';
import { errorBodySchema } from '@meridian/domain/errors';
import { statusResultSchema } from '@meridian/domain/operation-result';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../../platform/http/authenticate';
import { rejectMalformedIds } from '../../../platform/http/malformed-id';
import { errorResponses, notFoundId, sessionOnly } from '../../../platform/http/route-schema';
import type { AccountContext } from '../account-context';
import { acceptInvitation, declineInvitation, listInvitations } from './invitation.service';

const tags = ['auth'];
const params = z.object({ invitationId: z.uuid(notFoundId) });

/**
 * `/auth/invitations`: the invitations the signed-in user received, and their answer. Only the
 * invitee sees or answers one; anyone else's is 404. A session only, like the organisations.
 */
export const invitationRoutes: FastifyPluginAsyncZod<{ context: AccountContext }> = async (
  app,
  { context },
) => {
  const onRequest = [app.authenticate, requireSession];
  app.addHook('preValidation', rejectMalformedIds);

  app.get(
    '/invitations',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Your open invitations to join organisations, oldest first',
        security: sessionOnly,
        response: { 200: invitationListSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    (request) => listInvitations(context, request.user.id),
  );

  app.post(
    '/invitations/:invitationId/accept',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Join the organisation with the role offered; answers the organisation',
        security: sessionOnly,
        params,
        response: { 200: organizationSchema, ...errorResponses, 403: errorBodySchema },
      },
    },
    (request) => acceptInvitation(context, request.user.id, request.params.invitationId),
  );

  app.post(
    '/invitations/:invitationId/decline',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Decline the invitation; it is removed',
        security: sessionOnly,
        params,
        response: { 200: statusResultSchema, ...errorResponses, 403: errorBodySchema },
      },
    },
    async (request) => {
      await declineInvitation(context, request.user.id, request.params.invitationId);
      return { status: 'success' as const };
    },
  );
};
