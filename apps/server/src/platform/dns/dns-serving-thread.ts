import dgram from 'node:dgram';
import net from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { respond } from './dns-answer';
import { DnsIndex, type DnsLogger } from './dns-index';
import { serveTcp, type TcpLimits } from './dns-tcp';
import { loadUdpBatchAddon, openBatchedUdp, type UdpAnswerer } from './dns-udp-batch';
import {
  createResponseRateLimiter,
  slipped,
  type RateVerdict,
  type ResponseRateLimitOptions,
} from './response-rate-limit';
import type { Zone, ZoneAuthority } from './zone';

/**
 * One thread of the built-in DNS responder (dns-responder.ts starts them). It answers UDP on a
 * socket of its own, the port shared with the other threads (SO_REUSEPORT: the kernel spreads the
 * clients over them), the first thread TCP too. Each builds its own index from the zones the
 * server's thread sends it, so neither a rebuild of a large index nor a busy server delays an
 * answer, and the threads answer on both cores.
 */

// Node 22.12+ (`dgram.createSocket({ reusePort })`); the @types/node we build against is 20's.
declare module 'node:dgram' {
  interface SocketOptions {
    reusePort?: boolean;
  }
}

export interface DnsThreadSettings {
  host: string;
  /** Whether other threads bind the same UDP port. */
  sharePort: boolean;
  /** TCP's limits on the thread that serves TCP (the first); undefined: UDP only. */
  tcp?: TcpLimits;
  rateLimit: ResponseRateLimitOptions | false;
  authority: ZoneAuthority;
  /** Whether this thread logs the records its index leaves out (one thread does). */
  logsSkipped: boolean;
  /** Node's dgram sockets even where the batched socket (dns-udp-batch.ts) is built. */
  dgramOnly: boolean;
}

/** How a thread takes UDP: batches through dns-udp-batch.c, or a packet at a time (dgram). */
export type UdpPath = 'batched' | 'dgram';

/**
 * `bind` comes first, once: port 0 picks a free port, the same for UDP and TCP (the first thread
 * only); the others are given the port the first bound.
 */
export type ToDnsThread =
  { kind: 'bind'; port: number } | { kind: 'zones'; zones: Zone[] } | { kind: 'close' };

export type FromDnsThread =
  | { kind: 'listening'; port: number; udp: UdpPath; whyNotBatched?: string }
  | { kind: 'bind-failed'; message: string }
  | { kind: 'served' }
  | { kind: 'log'; level: keyof DnsLogger; obj: object; msg?: string };

/** A UDP socket answering every query with `answer`. */
interface UdpEndpoint {
  path: UdpPath;
  close(): Promise<void>;
}

function bindDgram(socket: dgram.Socket, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    socket.once('error', onError);
    socket.bind({ port, address: host, exclusive: true }, () => {
      socket.off('error', onError);
      resolve();
    });
  });
}

async function listenDgram(
  settings: DnsThreadSettings,
  port: number,
  answer: UdpAnswerer,
): Promise<UdpEndpoint> {
  const family = net.isIPv6(settings.host) ? 6 : 4;
  const udp = dgram.createSocket({
    type: family === 6 ? 'udp6' : 'udp4',
    reusePort: settings.sharePort,
    // Answers go back to the address a query came from, an IP literal: handed back as it is,
    // at once, instead of through dns.lookup and a tick of its own for every answer.
    lookup: (address, _options, callback) => callback(null, address, family),
  });
  try {
    await bindDgram(udp, port, settings.host);
  } catch (error) {
    await closeUdp(udp);
    throw error;
  }
  udp.on('message', (msg, remote) => {
    const sent = answer(msg, remote.address);
    // No callback: a failed send is a lost answer the client asks again for, and a callback
    // would cost a tick per answer.
    if (sent) udp.send(sent, remote.port, remote.address);
  });
  udp.on('error', (error) => logger.warn({ err: error }, 'DNS UDP socket error'));
  return { path: 'dgram', close: () => closeUdp(udp) };
}

const batchAddon = loadUdpBatchAddon();

async function listenUdp(
  settings: DnsThreadSettings,
  port: number,
  answer: UdpAnswerer,
): Promise<UdpEndpoint> {
  if (settings.dgramOnly || batchAddon instanceof Error) return listenDgram(settings, port, answer);
  const socket = openBatchedUdp(batchAddon, settings.host, port, settings.sharePort, answer);
  return { path: 'batched', close: async () => socket.close() };
}

function listenTcp(server: net.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen({ port, host, exclusive: true }, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

function closeUdp(socket: dgram.Socket): Promise<void> {
  return new Promise((resolve) => {
    try {
      socket.close(() => resolve());
    } catch {
      resolve();
    }
  });
}

function closeTcp(server: net.Server | undefined): Promise<void> {
  return new Promise((resolve) => (server?.listening ? server.close(() => resolve()) : resolve()));
}

function bindErrorMessage(error: unknown, host: string, port: number, proto: string): string {
  const code = (error as NodeJS.ErrnoException).code;
  const reason =
    code === 'EADDRINUSE'
      ? 'is already in use'
      : code === 'EACCES'
        ? 'needs privileges this process does not have'
        : `cannot be bound (${(error as Error).message})`;
  return `DNS port ${port} (${proto}) on ${host} ${reason}`;
}

class BindError extends Error {}

/**
 * The thread's sockets: UDP, and TCP on the same port when it serves TCP. TCP is bound first: it
 * is never shared, so a port another server holds is refused before a UDP socket of ours joins it.
 */
async function bindSockets(settings: DnsThreadSettings, asked: number, answer: UdpAnswerer) {
  const { host } = settings;
  for (let attempt = 0; ; attempt++) {
    let tcp: net.Server | undefined;
    let port = asked;
    if (settings.tcp) {
      // Half-open: a client may send its last query and close its side before reading the answers.
      tcp = net.createServer({ noDelay: true, allowHalfOpen: true });
      try {
        await listenTcp(tcp, port, host);
      } catch (error) {
        throw new BindError(bindErrorMessage(error, host, port, 'TCP'));
      }
      port = (tcp.address() as net.AddressInfo).port;
    }
    try {
      const udp = await listenUdp(settings, port, answer);
      return { udp, tcp, port };
    } catch (error) {
      await closeTcp(tcp);
      // With a chosen port there is nothing else to try; with port 0, TCP's free port may be
      // taken on UDP: try another.
      if (asked !== 0 || attempt >= 10) {
        throw new BindError(bindErrorMessage(error, host, port, 'UDP'));
      }
    }
  }
}

function post(message: FromDnsThread): void {
  try {
    parentPort!.postMessage(message);
  } catch {
    // A log line whose fields cannot be cloned goes as its message alone.
    if (message.kind === 'log') parentPort!.postMessage({ ...message, obj: {} });
  }
}

const logger: DnsLogger = {
  info: (obj, msg) => post({ kind: 'log', level: 'info', obj, msg }),
  warn: (obj, msg) => post({ kind: 'log', level: 'warn', obj, msg }),
  error: (obj, msg) => post({ kind: 'log', level: 'error', obj, msg }),
};

async function serve(settings: DnsThreadSettings, port: number): Promise<void> {
  // Queries before the first zones arrive are dropped: the client retries and gets them.
  let index: DnsIndex | undefined;
  const answer = (query: Buffer, overTcp: boolean): Buffer[] | undefined => {
    if (!index) return undefined;
    try {
      return respond(index, query, overTcp);
    } catch (error) {
      logger.warn({ err: error }, 'DNS query failed');
      return undefined;
    }
  };
  const limit = settings.rateLimit
    ? createResponseRateLimiter(settings.rateLimit)
    : (): RateVerdict => 'answer';
  const answerUdp: UdpAnswerer = (query, address) => {
    const response = answer(query, false);
    if (!response) return undefined;
    const verdict = limit(address);
    if (verdict === 'drop') return undefined;
    return verdict === 'slip' ? slipped(response) : response;
  };

  let sockets: Awaited<ReturnType<typeof bindSockets>>;
  try {
    sockets = await bindSockets(settings, port, answerUdp);
  } catch (error) {
    post({
      kind: 'bind-failed',
      message: error instanceof BindError ? error.message : String(error),
    });
    parentPort!.close();
    return;
  }
  const { udp, tcp } = sockets;
  let connections = new Set<net.Socket>();
  if (tcp && settings.tcp) {
    connections = serveTcp(tcp, (query) => answer(query, true), settings.tcp);
    // A backstop only: serveTcp evicts before the count grows past maxConnections.
    tcp.maxConnections = settings.tcp.maxConnections + 16;
    tcp.on('error', (error) => logger.warn({ err: error }, 'DNS TCP server error'));
  }

  parentPort!.on('message', async (message: ToDnsThread) => {
    if (message.kind === 'zones') {
      // Records the previous index left out are not logged again.
      index = settings.logsSkipped
        ? new DnsIndex(message.zones, settings.authority, logger, index?.skipped)
        : new DnsIndex(message.zones, settings.authority);
      post({ kind: 'served' });
    } else if (message.kind === 'close') {
      // Sockets closed and the port to the server's thread too, the thread ends.
      for (const socket of connections) socket.destroy();
      await Promise.all([udp.close(), closeTcp(tcp)]);
      parentPort!.close();
    }
  });
  post({
    kind: 'listening',
    port: sockets.port,
    udp: udp.path,
    ...(batchAddon instanceof Error && !settings.dgramOnly
      ? { whyNotBatched: batchAddon.message.split('\n')[0] }
      : {}),
  });
}

// Loaded while the other threads load; bound once told where.
parentPort?.once('message', (message: ToDnsThread) => {
  if (message.kind === 'bind') void serve(workerData as DnsThreadSettings, message.port);
  else parentPort!.close();
});
