import { z } from 'zod';
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
  disablePortalEvents: z.boolean().optional(),
  token: z.string().min(1).max(512),
  userId: z.string().min(1).max(64),
});

export type StartEventsMessage = z.infer<typeof startEventsMessageSchema>;

/** The server's answer to the start message: once 'success', the socket receives the user's events. */
export const startEventsAnswerSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('success') }),
  z.object({ status: z.literal('error'), message: z.string() }),
]);

export type StartEventsAnswer = z.infer<typeof startEventsAnswerSchema>;
