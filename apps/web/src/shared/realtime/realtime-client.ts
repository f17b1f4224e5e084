import { notificationEventSchema } from '@meridian/domain/events/notification-api';
import type {
  NotificationEvent,
  StartEventsMessage,
} from '@meridian/domain/events/notification-event';
import { realtime, startEventsAnswerSchema } from '@meridian/domain/events/notification-event';
import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { apiBaseUrl } from '../api/api-client';

export interface RealtimeCredentials {
  token: string;
  userId: string;
}

let current: { socket: Socket; token: string } | null = null;

export interface RealtimeHandlers {
  onEvent: (event: NotificationEvent) => void;
  /**
   * The server has joined this socket to the user's events, on the first connect and on every
   * reconnect: whatever was read before may have missed pushes, so it is read again.
   */
  onSubscribed: () => void;
}

/**
 * The one live-event connection (spec "States and transitions"): opened for a token, replaced when the token changes,
 * closed when it goes. Returns the close function.
 */
export function connectRealtime(
  credentials: RealtimeCredentials,
  { onEvent, onSubscribed }: RealtimeHandlers,
): () => void {
  disconnectRealtime();
  const socket = io(apiBaseUrl || undefined, {
    path: realtime.path,
    transports: ['websocket', 'polling'],
    reconnection: true,
    reconnectionAttempts: realtime.reconnection.attempts,
    reconnectionDelay: realtime.reconnection.delayMs,
    reconnectionDelayMax: realtime.reconnection.maxDelayMs,
  });
  socket.on('connect', () => {
    const start: StartEventsMessage = {
      disablePortalEvents: true,
      token: credentials.token,
      userId: credentials.userId,
    };
    socket.emit(realtime.startEvent, start, (answer: unknown) => {
      if (startEventsAnswerSchema.safeParse(answer).data?.status === 'success') onSubscribed();
    });
  });
  socket.on(realtime.eventName, (message: unknown) => {
    const parsed = notificationEventSchema.safeParse(message);
    // A push is only a hint to refresh: one the console cannot read is logged, not acted on.
    if (parsed.success) onEvent(parsed.data);
    else console.error(`Unexpected ${realtime.eventName} message`, parsed.error.issues);
  });
  current = { socket, token: credentials.token };
  return () => {
    if (current?.socket === socket) disconnectRealtime();
  };
}

export function disconnectRealtime(): void {
  if (!current) return;
  current.socket.removeAllListeners();
  current.socket.disconnect();
  current = null;
}

/** The live connection while one is open: features with messages of their own (log tails) use it. */
export function realtimeSocket(): Socket | null {
  return current?.socket ?? null;
}

export function isRealtimeConnected(): boolean {
  return current !== null;
}
