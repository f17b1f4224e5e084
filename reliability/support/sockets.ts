import { realtime as channel } from '@meridian/domain/events/notification-event';
import { io as connect, type Socket } from 'socket.io-client';

/** The message the server sends a socket whose session it refuses, just before cutting it. */
export const realtimeErrorEvent = 'meridian error';

/** A socket of the live channel, with when (performance.now) the server told it off and cut it. */
export interface LiveSocket {
  socket: Socket;
  errors: string[];
  errorAt?: number;
  disconnectedAt?: number;
  disconnectReason?: string;
}

/** Opens a socket over `transport`; rejects when the handshake is refused. */
export async function openSocket(
  baseUrl: string,
  {
    origin,
    transport = 'websocket',
  }: { origin?: string; transport?: 'websocket' | 'polling' } = {},
): Promise<LiveSocket> {
  const socket = connect(baseUrl, {
    path: channel.path,
    transports: [transport],
    reconnection: false,
    forceNew: true,
    timeout: 5_000,
    extraHeaders: origin === undefined ? undefined : { origin },
  });
  const live: LiveSocket = { socket, errors: [] };
  socket.on(realtimeErrorEvent, (error: { message: string }) => {
    live.errors.push(error.message);
    live.errorAt ??= performance.now();
  });
  socket.on('disconnect', (reason) => {
    live.disconnectedAt = performance.now();
    live.disconnectReason = reason;
  });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
  } catch (error) {
    socket.close();
    throw error;
  }
  return live;
}

type StartAnswer = { status: 'success' } | { status: 'error'; message: string };

/** Sends the start message with `token`; answers the server's acknowledgement. */
export async function startSocket(
  live: LiveSocket,
  who: { token: string; userId: string },
): Promise<StartAnswer> {
  return (await live.socket.timeout(5_000).emitWithAck(channel.startEvent, {
    disablePortalEvents: true,
    token: who.token,
    userId: who.userId,
  })) as StartAnswer;
}

/** A socket opened and started for this session; throws unless the server accepts it. */
export async function startedSocket(
  baseUrl: string,
  who: { token: string; userId: string },
): Promise<LiveSocket> {
  const live = await openSocket(baseUrl);
  const answer = await startSocket(live, who);
  if (answer.status !== 'success') throw new Error(`start refused: ${JSON.stringify(answer)}`);
  return live;
}

/** True when the handshake with this Origin header (none when undefined) opens a socket. */
export async function handshakeOpens(
  baseUrl: string,
  origin: string | undefined,
  transport: 'websocket' | 'polling',
): Promise<boolean> {
  try {
    const live = await openSocket(baseUrl, { origin, transport });
    live.socket.close();
    return true;
  } catch {
    return false;
  }
}

/** Resolves once every socket is disconnected, or after `timeoutMs`. */
export async function allCut(sockets: readonly LiveSocket[], timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (sockets.every((live) => live.disconnectedAt !== undefined)) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
