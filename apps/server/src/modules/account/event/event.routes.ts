import { requestLocale } from '../../../platform/http/request-locale';
import { errorBodySchema } from '@meridian/domain/errors';
import { statusResultSchema } from '@meridian/domain/operation-result';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  markReadBodySchema,
  notificationCountQuerySchema,
  notificationCountSchema,
  notificationEventSchema,
  notificationPageQuerySchema,
} from '@meridian/domain/events/notification-api';
import type { AccountContext } from '../account-context';
import {
  countNotifications,
  listNotifications,
  markAllNotificationsRead,
  markNotificationsRead,
  markOneNotificationRead,
} from './event.service';
import { rejectMalformedIds } from '../../../platform/http/malformed-id';
import { notFoundId, sessionOnly, type RouteApp } from '../../../platform/http/route-schema';

/** `/event`: the signed-in user's notifications. The socket.io channel lives in realtime/. */
export const eventRoutes: FastifyPluginAsyncZod<{ context: AccountContext }> = async (
  app,
  { context },
) => {
  app.addHook('onRequest', app.authenticate);
  listRoutes(app, context);
  markReadRoutes(app, context);
};

function listRoutes(app: RouteApp, context: AccountContext): void {
  app.get(
    '/server/notifications',
    {
      schema: {
        tags: ['event'],
        summary: 'Notifications newest first, positions from..to inclusive (default 0..19)',
        security: sessionOnly,
        querystring: notificationPageQuerySchema,
        response: {
          200: z.array(notificationEventSchema),
          400: errorBodySchema,
          401: errorBodySchema,
        },
      },
    },
    (request) => listNotifications(context, request.user.id, request.query, requestLocale(request)),
  );

  app.get(
    '/server/notifications/count',
    {
      schema: {
        tags: ['event'],
        summary: 'How many notifications there are; `read=false` counts the unread ones',
        security: sessionOnly,
        querystring: notificationCountQuerySchema,
        response: { 200: notificationCountSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => ({
      count: await countNotifications(context, request.user.id, request.query),
    }),
  );
}

/** Marking read: all notifications, one, or those listed; two answer the unread count. */
function markReadRoutes(app: RouteApp, context: AccountContext): void {
  app.post(
    '/server/notifications/read',
    {
      schema: {
        tags: ['event'],
        summary:
          'Mark every notification read (the list was opened); answers how many are unread now',
        security: sessionOnly,
        response: { 200: notificationCountSchema, 401: errorBodySchema },
      },
    },
    async (request) => ({ count: await markAllNotificationsRead(context, request.user.id) }),
  );

  app.post(
    '/server/notifications/:notificationId/read',
    {
      preValidation: rejectMalformedIds,
      schema: {
        tags: ['event'],
        summary:
          "Mark one notification read (404 if it is not the user's); answers how many are unread now",
        security: sessionOnly,
        params: z.object({ notificationId: z.uuid(notFoundId) }),
        response: { 200: notificationCountSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => ({
      count: await markOneNotificationRead(context, request.user.id, request.params.notificationId),
    }),
  );

  app.put(
    '/server/notifications/read',
    {
      schema: {
        tags: ['event'],
        summary: 'Mark the listed notifications read, or all of them when no uuids are given',
        security: sessionOnly,
        body: markReadBodySchema,
        response: { 200: statusResultSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      await markNotificationsRead(context, request.user.id, request.body?.uuids);
      return { status: 'success' as const };
    },
  );
}
