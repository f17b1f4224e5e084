import {
  channelDeliveryListSchema,
  channelDeliverySchema,
  channelIdParamsSchema,
  createChannelSchema,
  notificationChannelListSchema,
  notificationChannelSchema,
  updateChannelSchema,
} from '@meridian/domain/events/notification-channel';
import { errorBodySchema } from '@meridian/domain/errors';
import { statusResultSchema } from '@meridian/domain/operation-result';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountContext } from '../account-context';
import { requireSession } from '../../../platform/http/authenticate';
import {
  bodyAsObject,
  errorResponses,
  sessionOnly,
  type RouteApp,
} from '../../../platform/http/route-schema';
import {
  changeChannel,
  channelDeliveries,
  createChannel,
  listAccountChannels,
  removeChannel,
  testChannel,
} from './channel.service';

const tags = ['auth'];
const errors = { ...errorResponses, 403: errorBodySchema };

/**
 * `/auth/notification_channels`: webhooks and e-mail addresses alerts leave Meridian through,
 * per account (a person's own, or an organisation's with X-Organization). Console only.
 */
export const channelRoutes: FastifyPluginAsyncZod<{ context: AccountContext }> = async (
  app,
  { context },
) => {
  collectionRoutes(app, context);
  channelOwnRoutes(app, context);
};

const path = '/notification_channels';
const one = `${path}/:id`;

/** The list and adding a channel. */
function collectionRoutes(app: RouteApp, context: AccountContext): void {
  const onRequest = [app.authenticate, requireSession];
  const preHandler = app.resolveAccount;

  app.get(
    path,
    {
      onRequest,
      preHandler,
      schema: {
        tags,
        summary: "List the account's notification channels",
        security: sessionOnly,
        response: { 200: notificationChannelListSchema, ...errors },
      },
    },
    (request) => listAccountChannels(context, request.account.id),
  );

  app.post(
    path,
    {
      onRequest,
      preValidation: bodyAsObject,
      preHandler,
      schema: {
        tags,
        summary:
          'Add a webhook or e-mail channel; a webhook’s signing secret is answered this once',
        security: sessionOnly,
        body: createChannelSchema,
        response: { 200: notificationChannelSchema, ...errors },
      },
    },
    (request) => createChannel(context, request.account.id, request.body),
  );
}

/** One channel: change, delete, test, its deliveries. */
function channelOwnRoutes(app: RouteApp, context: AccountContext): void {
  const onRequest = [app.authenticate, requireSession];
  const preHandler = app.resolveAccount;

  app.put(
    one,
    {
      onRequest,
      preValidation: bodyAsObject,
      preHandler,
      schema: {
        tags,
        summary: "Change a channel's destination or events",
        security: sessionOnly,
        params: channelIdParamsSchema,
        body: updateChannelSchema,
        response: { 200: notificationChannelSchema, ...errors },
      },
    },
    (request) => changeChannel(context, request.account.id, request.params.id, request.body),
  );

  app.delete(
    one,
    {
      onRequest,
      preHandler,
      schema: {
        tags,
        summary: 'Delete a channel and its delivery record',
        security: sessionOnly,
        params: channelIdParamsSchema,
        response: { 200: statusResultSchema, ...errors },
      },
    },
    async (request) => {
      await removeChannel(context, request.account.id, request.params.id);
      return { status: 'success' as const };
    },
  );

  app.post(
    `${one}/test`,
    {
      onRequest,
      preHandler,
      schema: {
        tags,
        summary: 'Send a test alert through the channel (delivered by a job; see its deliveries)',
        security: sessionOnly,
        params: channelIdParamsSchema,
        response: { 200: channelDeliverySchema, ...errors },
      },
    },
    (request) => testChannel(context, request.account.id, request.params.id),
  );

  app.get(
    `${one}/deliveries`,
    {
      onRequest,
      preHandler,
      schema: {
        tags,
        summary: "The channel's delivery attempts, newest first",
        security: sessionOnly,
        params: channelIdParamsSchema,
        response: { 200: channelDeliveryListSchema, ...errors },
      },
    },
    (request) => channelDeliveries(context, request.account.id, request.params.id),
  );
}
