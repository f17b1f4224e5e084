// zod/mini: the console's first page reads these shapes (docs/frontend-performance.md).
import { z } from 'zod/mini';
import type { notificationEventSchema } from './notification-api';

/** Inferred from the schema the server answers and the console parses with (notification-api). */
export type NotificationEvent = z.infer<typeof notificationEventSchema>;

/** The product key fills the spec's `{product}` placeholders of the real-time channel. */
export const realtime = {
  path: '/event/client/socket.io/',
  startEvent: 'start_meridian_events',
  eventName: 'meridian event',
  reconnection: { attempts: 10, delayMs: 1000, maxDelayMs: 5000 },
} as const;

/** What a socket sends as `start_meridian_events` to prove who it is before events flow. */
export const startEventsMessageSchema = z.object({
  disablePortalEvents: z.optional(z.boolean()),
  token: z.string().check(z.minLength(1), z.maxLength(512)),
  userId: z.string().check(z.minLength(1), z.maxLength(64)),
});

export type StartEventsMessage = z.infer<typeof startEventsMessageSchema>;
