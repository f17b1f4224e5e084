import { eventCatalogue, eventPayloadSchema, type EventType } from './event-catalogue';
// zod/mini: the console's first page reads these shapes (docs/frontend-performance.md).
import { z } from 'zod/mini';

// The request and response shapes of `/event`; NotificationEvent is inferred from them.

/** The largest page `GET /server/notifications` answers. */
export const maxNotificationPage = 100;

const position = z.coerce
  .number({ error: 'from and to must be whole numbers' })
  .check(
    z.refine(Number.isInteger, 'from and to must be whole numbers'),
    z.minimum(0, 'from and to must not be negative'),
    z.maximum(1_000_000_000, 'from and to must be at most 1000000000'),
  );

/** `?from=0&to=19`: an inclusive range of the newest-first list; the first page by default. */
export const notificationPageQuerySchema = z
  .object({ from: z._default(position, 0), to: z._default(position, 19) })
  .check(
    z.refine(({ from, to }) => to >= from, 'to must not be less than from'),
    z.refine(
      ({ from, to }) => to - from < maxNotificationPage,
      `A page holds at most ${maxNotificationPage} notifications`,
    ),
  );

export const notificationCountQuerySchema = z.object({
  read: z.optional(
    z.pipe(
      z.enum(['true', 'false'], { error: 'read must be true or false' }),
      z.transform((value: 'true' | 'false') => value === 'true'),
    ),
  ),
});

/** `{uuids?}`; no uuids (or no body at all) marks every notification read. */
export const markReadBodySchema = z.nullish(
  z.object({
    uuids: z.optional(z.array(z.guid('Each uuid must be a UUID')).check(z.maxLength(1000))),
  }),
);

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
  category: z.int(),
  /** Status code (notificationStatuses). */
  status: z.int(),
  message: z.object({ title: z.string(), description: z.optional(z.string()) }),
  payload: eventPayloadSchema,
});

export const notificationCountSchema = z.object({ count: z.int() });
