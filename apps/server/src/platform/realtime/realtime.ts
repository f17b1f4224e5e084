import type { IncomingMessage, Server as HttpServer } from 'node:http';
import {
  realtime as channel,
  startEventsMessageSchema,
  type NotificationEvent,
  type StartEventsAnswer,
} from '@meridian/domain/events/notification-event';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import type { Authentication } from '../http/authenticate';
import { UnauthorizedError } from '../http/errors';
import type { ChangeFeed } from '../changes/change-feed';

/** Sent to a socket whose credentials are refused, just before it is disconnected. */
export const realtimeErrorEvent = 'meridian error' as const;

export interface RealtimeTimings {
  /** Every socket's session is checked again this often (and before each push to it). */
  revalidateIntervalMs: number;
  /** A socket that has not sent a valid start message by then is disconnected. */
  startTimeoutMs: number;
}

export const defaultRealtimeTimings: RealtimeTimings = {
  revalidateIntervalMs: 60_000,
  startTimeoutMs: 10_000,
};

/**
 * A committed event with the users it goes to (its owner, or every member of the organisation
 * that owns it), as the event module loads it; undefined once gone.
 */
export type EventLoader = (
  id: string,
) => Promise<{ recipients: string[]; event: NotificationEvent } | undefined>;

export interface RealtimeOptions {
  httpServer: HttpServer;
  changes: ChangeFeed;
  loadEvent: EventLoader;
  /** The bearer-token check of the auth service: valid, not expired, not revoked. */
  authenticateSession: (token: string) => Promise<Authentication>;
  logger: FastifyBaseLogger;
  timings?: Partial<RealtimeTimings>;
}

/** A started socket as modules see it: whose it is, a way to send to it, and its end. */
export interface SocketPeer {
  id: string;
  userId: string;
  emit(event: string, payload: unknown): void;
  /** Called once when the socket goes (disconnect, refused session, server closing). */
  onClose(listener: () => void): void;
}

/** Answers one client message on a started socket; what it resolves to is the acknowledgement. */
export type SocketMessageHandler = (peer: SocketPeer, message: unknown) => Promise<unknown>;

export interface Realtime {
  io: EventServer;
  /**
   * Lets a module answer a client message by name (modules register at start-up; the platform
   * imports none of them). Only sockets that sent a valid start message reach the handler.
   */
  onSocketMessage(name: string, handler: SocketMessageHandler): void;
  /** Disconnects every socket and stops listening; the HTTP server is left to its owner. */
  close(): Promise<void>;
}

interface SocketSession {
  userId: string;
  token: string;
}

type Ack = (answer: StartEventsAnswer) => void;

// Type aliases, not interfaces: their implicit index signature lets a socket be seen untyped
// (modules' events, named at run time).
type ClientToServerEvents = {
  [channel.startEvent]: (message: unknown, ack?: Ack) => void;
};

type ServerToClientEvents = {
  [channel.eventName]: (event: NotificationEvent) => void;
  [realtimeErrorEvent]: (error: { message: string }) => void;
};

type EventServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  { session?: SocketSession }
>;
type EventSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  { session?: SocketSession }
>;

const unauthorized = 'Unauthorized';
const unavailable = 'Service unavailable, please try again';

const roomOf = (userId: string) => `user:${userId}`;

/** Checks sockets' sessions: one check per token at a time, however many tabs share it. */
interface SessionChecks {
  /** False once the session is over (or never was); throws when it cannot be checked at all. */
  isValid(session: SocketSession): Promise<boolean>;
  /**
   * Tells and disconnects the sockets whose session has ended; keeps them if checking fails.
   * `fresh` joins no check already under way: one begun before a revocation may still say valid.
   */
  revalidate(sockets: Iterable<EventSocket>, fresh?: boolean): Promise<void>;
}

function refuse(socket: EventSocket, message: string): void {
  socket.emit(realtimeErrorEvent, { message });
  socket.disconnect(true);
}

function sessionChecks(
  authenticateSession: RealtimeOptions['authenticateSession'],
  logger: FastifyBaseLogger,
): SessionChecks {
  const checksInFlight = new Map<string, Promise<Authentication | undefined>>();
  async function isValid({ token, userId }: SocketSession): Promise<boolean> {
    let check = checksInFlight.get(token);
    if (!check) {
      check = authenticateSession(token).catch((error: unknown) => {
        if (error instanceof UnauthorizedError) return undefined;
        throw error;
      });
      checksInFlight.set(token, check);
      const started = check;
      const settled = () => checksInFlight.get(token) === started && checksInFlight.delete(token);
      check.then(settled, settled);
    }
    return (await check)?.user.id === userId;
  }
  async function revalidate(sockets: Iterable<EventSocket>, fresh = false): Promise<void> {
    let failure: unknown;
    const list = [...sockets];
    // Sockets sharing a token still share one new check: the first starts it, the others join.
    if (fresh) for (const socket of list) checksInFlight.delete(socket.data.session?.token ?? '');
    await Promise.all(
      list.map(async (socket) => {
        const session = socket.data.session;
        if (!session) return;
        try {
          if (await isValid(session)) return;
        } catch (error) {
          failure = error;
          return;
        }
        if (socket.data.session === session) refuse(socket, unauthorized);
      }),
    );
    if (failure) logger.error({ err: failure }, 'checking socket sessions failed');
  }
  return { isValid, revalidate };
}

/** Hands the messages modules registered for to them, once the socket has started. */
function routeModuleMessages(
  socket: EventSocket,
  handlers: ReadonlyMap<string, SocketMessageHandler>,
  logger: FastifyBaseLogger,
): void {
  // Modules' events are named at run time: the socket is seen untyped for them only.
  const untyped: Socket = socket;
  const closeListeners: (() => void)[] = [];
  socket.on('disconnect', () => {
    for (const listener of closeListeners.splice(0)) listener();
  });
  untyped.onAny((name: string, message: unknown, ack?: (answer: unknown) => void) => {
    const handler = handlers.get(name);
    if (!handler) return;
    const reply = typeof ack === 'function' ? ack : () => {};
    const session = socket.data.session;
    if (!session) return reply({ ok: false, message: unauthorized });
    const peer: SocketPeer = {
      id: socket.id,
      userId: session.userId,
      emit: (event, payload) => untyped.emit(event, payload),
      onClose: (listener) => (socket.connected ? closeListeners.push(listener) : listener()),
    };
    handler(peer, message).then(reply, (error: unknown) => {
      logger.error({ err: error, event: name }, 'a socket message failed');
      reply({ ok: false, message: unavailable });
    });
  });
}

/** A new socket has `startTimeoutMs` to prove its session with the start message. */
function acceptSocket(
  socket: EventSocket,
  sessions: SessionChecks,
  startTimeoutMs: number,
  logger: FastifyBaseLogger,
): void {
  const startTimer = setTimeout(() => {
    if (!socket.data.session) refuse(socket, 'No start message');
  }, startTimeoutMs);
  startTimer.unref();
  socket.on('disconnect', () => clearTimeout(startTimer));

  socket.on(channel.startEvent, async (message, ack) => {
    const reply: Ack = typeof ack === 'function' ? ack : () => {};
    const parsed = startEventsMessageSchema.safeParse(message);
    const session = parsed.success
      ? { token: parsed.data.token, userId: parsed.data.userId }
      : undefined;
    let valid = false;
    try {
      valid = session !== undefined && (await sessions.isValid(session));
    } catch (error) {
      logger.error({ err: error }, 'checking a socket session failed');
      reply({ status: 'error', message: unavailable });
      refuse(socket, unavailable);
      return;
    }
    if (!session || !valid) {
      reply({ status: 'error', message: unauthorized });
      refuse(socket, unauthorized);
      return;
    }
    if (!socket.connected) return;
    const previous = socket.data.session;
    if (previous && previous.userId !== session.userId) await socket.leave(roomOf(previous.userId));
    socket.data.session = session;
    clearTimeout(startTimer);
    await socket.join(roomOf(session.userId));
    reply({ status: 'success' });
  });
}

/** Pushes committed events to their owner's room: loaded concurrently, pushed in commit order. */
function eventPusher(
  io: EventServer,
  loadEvent: EventLoader,
  sessions: SessionChecks,
  logger: FastifyBaseLogger,
) {
  let pushed: Promise<void> = Promise.resolve();
  let closed = false;

  function socketsIn(room: string): EventSocket[] {
    const ids = io.sockets.adapter.rooms.get(room) ?? new Set<string>();
    return [...ids].flatMap((id) => io.sockets.sockets.get(id) ?? []);
  }
  /** Loads the event and checks its recipients now; the returned function pushes it. */
  async function preparePush(id: string): Promise<(() => void) | undefined> {
    const found = await loadEvent(id);
    if (!found) return undefined;
    const rooms = found.recipients.map(roomOf);
    await sessions.revalidate(rooms.flatMap(socketsIn));
    return () => io.to(rooms).emit(channel.eventName, found.event);
  }

  return {
    push(id: string): void {
      if (closed) return;
      const ready = preparePush(id);
      // Handled below, in turn; this keeps a failure from counting as unhandled until then.
      ready.catch(() => {});
      pushed = pushed.then(async () => {
        try {
          const push = await ready;
          if (!closed) push?.();
        } catch (error) {
          logger.error({ err: error, eventId: id }, 'pushing an event failed');
        }
      });
    },
    /** Stops pushing; resolves once the pushes under way are done. */
    close(): Promise<void> {
      closed = true;
      return pushed;
    },
  };
}

/**
 * The live-event channel (spec "The calls it makes" "Real-time channel"): socket.io at
 * `/event/client/socket.io/`.
 *
 * A socket proves who it is with `start_meridian_events {token, userId}` (the bearer-token rules)
 * and joins the room `user:<id>`; each committed event is pushed as `meridian event` to its
 * owner's room only. Sessions are checked again before each push, periodically, and at once when
 * one is revoked (change topic `session`), so a logged out or expired session is disconnected.
 *
 * Several server processes need no socket.io adapter: every process hears each committed event
 * on the change feed and pushes it to the sockets it holds, so whichever process a browser is
 * connected to delivers that browser's events.
 */
export async function startRealtime(options: RealtimeOptions): Promise<Realtime> {
  const { httpServer, changes, loadEvent, authenticateSession, logger } = options;
  const timings = { ...defaultRealtimeTimings, ...options.timings };
  const io: EventServer = new Server(httpServer, {
    path: channel.path,
    serveClient: false,
    maxHttpBufferSize: 64 * 1024,
    // Same origin only: no CORS headers are sent, and a browser page of another origin may not
    // open the channel with a session token it got hold of.
    allowRequest: (request, callback) => callback(null, isSameOrigin(request)),
  });
  const sessions = sessionChecks(authenticateSession, logger);
  const handlers = new Map<string, SocketMessageHandler>();
  io.on('connection', (socket: EventSocket) => {
    acceptSocket(socket, sessions, timings.startTimeoutMs, logger);
    routeModuleMessages(socket, handlers, logger);
  });
  const pusher = eventPusher(io, loadEvent, sessions, logger);
  const unsubscribe = [
    changes.subscribe('event', (change) => pusher.push(change.id)),
    // A revoked session is cut now, in every process, not at the next periodic check.
    changes.subscribe('session', ({ userId }) => {
      const held = [...io.sockets.sockets.values()];
      void sessions.revalidate(
        held.filter((socket) => socket.data.session?.userId === userId),
        true,
      );
    }),
    // Revocations announced while the feed's connection was down were missed: check them all.
    changes.onResync(() => void sessions.revalidate(io.sockets.sockets.values(), true)),
  ];
  let closed = false;
  const revalidateTimer = setInterval(() => {
    if (!closed) void sessions.revalidate(io.sockets.sockets.values());
  }, timings.revalidateIntervalMs);
  revalidateTimer.unref();

  return {
    io,
    onSocketMessage(name, handler) {
      handlers.set(name, handler);
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(revalidateTimer);
      for (const stop of unsubscribe) stop();
      io.disconnectSockets(true);
      io.engine.close();
      await pusher.close();
    },
  };
}

/** A request without an Origin header (not a browser) or from a page of this very host. */
function isSameOrigin(request: IncomingMessage): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime?: Realtime;
  }
}

export type RegisterRealtimeOptions = Omit<RealtimeOptions, 'httpServer' | 'logger'>;

/**
 * Attaches the channel to the app's HTTP server (before or after `listen`) and closes it when
 * the app closes: sockets are dropped before Fastify waits for the server's connections.
 */
export async function registerRealtime(
  app: FastifyInstance,
  options: RegisterRealtimeOptions,
): Promise<Realtime> {
  const realtime = await startRealtime({ ...options, httpServer: app.server, logger: app.log });
  app.addHook('preClose', () => realtime.close());
  // Modules registered later reach it as `app.realtime` to add their socket messages.
  app.decorate('realtime', realtime);
  return realtime;
}
