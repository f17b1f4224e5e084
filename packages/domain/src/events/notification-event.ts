import type { EventPayload, EventType } from './event-catalogue';

/**
 * A notification event as `GET /event/server/notifications` lists it and the socket pushes it
 * (event name `meridian event`), spec §3.
 */
export interface NotificationEvent {
  uuid: string;
  event_type: EventType;
  created_at: string;
  action_taken: boolean;
  read: boolean;
  is_notification: boolean;
  /** Category code (notificationCategories). */
  category: number;
  /** Status code (notificationStatuses). */
  status: number;
  message: { title: string; description?: string };
  payload: EventPayload;
}

/** The product key fills the spec's `{product}` placeholders of the real-time channel. */
export const realtime = {
  path: '/event/client/socket.io/',
  startEvent: 'start_meridian_events',
  eventName: 'meridian event',
  reconnection: { attempts: 10, delayMs: 1000, maxDelayMs: 5000 },
} as const;

export interface StartEventsMessage {
  disablePortalEvents: boolean;
  token: string;
  userId: string;
}
