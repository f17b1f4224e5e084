import { eventCatalogue, eventPayloadSchema, type EventType } from './event-catalogue';
import { z } from 'zod';

// The request and response shapes of `/event`; NotificationEvent is inferred from them.

/** The largest page `GET /server/notifications` answers. */
export const maxNotificationPage = 100;

const position = z.coerce
  .number({ error: 'from and to must be whole numbers' })
  .int('from and to must be whole numbers')
  .min(0, 'from and to must not be negative')
  .max(1_000_000_000, 'from and to must be at most 1000000000');

/** `?from=0&to=19`: an inclusive range of the newest-first list; the first page by default. */
export const notificationPageQuerySchema = z
  .object({ from: position.default(0), to: position.default(19) })
  .refine(({ from, to }) => to >= from, { message: 'to must not be less than from' })
  .refine(({ from, to }) => to - from < maxNotificationPage, {
    message: `A page holds at most ${maxNotificationPage} notifications`,
  });

export const notificationCountQuerySchema = z.object({
  read: z
    .enum(['true', 'false'], { error: 'read must be true or false' })
    .transform((value) => value === 'true')
    .optional(),
});

/** `{uuids?}`; no uuids (or no body at all) marks every notification read. */
export const markReadBodySchema = z
  .object({ uuids: z.array(z.guid('Each uuid must be a UUID')).max(1000).optional() })
  .nullish();

/**
 * A notification event as `GET /event/server/notifications` lists it and the socket pushes it
 * (event name `meridian event`): the OpenAPI document, the server's serialization and the
 * console's parsing all use it.
 */
export const notificationEventSchema = z.object({
  uuid: z.string(),
  event_type: z.enum(Object.keys(eventCatalogue) as [EventType, ...EventType[]]),
  created_at: z.string(),
  action_taken: z.boolean(),
  read: z.boolean(),
  is_notification: z.boolean(),
  /** Category code (notificationCategories). */
  category: z.number().int(),
  /** Status code (notificationStatuses). */
  status: z.number().int(),
  message: z.object({ title: z.string(), description: z.string().optional() }),
  payload: eventPayloadSchema,
});

/** `{count}`: how many notifications; after marking some read, how many are still unread. */
export const notificationCountSchema = z.object({ count: z.number().int() });

export const notificationMessages = {
  notFound: 'Notification not found',
} as const;
