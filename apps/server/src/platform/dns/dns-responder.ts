import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { DnsLogger } from './dns-index';
import type { DnsThreadSettings, FromDnsThread, ToDnsThread, UdpPath } from './dns-serving-thread';
import { defaultResponseRateLimit, type ResponseRateLimitOptions } from './response-rate-limit';
import type { Zone, ZoneAuthority, ZoneSource } from './zone';

/**
 * The built-in authoritative DNS responder (architecture "Embedded default" "DNS"): serves the
 * zones of a ZoneSource over UDP and TCP.
 *
 * The answering happens on threads of its own (dns-serving-thread.ts), so a busy server never
 * delays an answer; with more than two cores two threads share the UDP port (Node 22.12+). This
 * thread follows the zones and sends each new set to the threads, which build their index
 * (dns-index.ts) and answer on the wire (dns-answer.ts); TCP in dns-tcp.ts. UDP answers are
 * rate limited per source prefix, so we amplify no flood (response-rate-limit.ts); each thread
 * counts the clients the kernel gives it.
 */

export interface DnsResponderOptions {
  host: string;
  /** 0 picks a free port (the same one for UDP and TCP). */
  port: number;
  source: ZoneSource;
  authority: ZoneAuthority;
  logger?: DnsLogger;
  /**
   * A TCP connection is closed unless a complete query arrives within this long of it opening or
   * of the previous answer (trickled bytes do not count). Default 10 s.
   */
  tcpIdleTimeoutMs?: number;
  /** A TCP connection is closed this long after it opened, so none is held for ever. Default 2 min. */
  tcpMaxLifetimeMs?: number;
  /** A TCP connection is closed after this many answers, so one cannot monopolise us. Default 1000. */
  maxTcpQueriesPerConnection?: number;
  /** At most this many TCP connections at once; a new one evicts the stalest. Default 256. */
  maxTcpConnections?: number;
  /** At most this many from one address (IPv6: one /64), so one client cannot take all. Default 16. */
  maxTcpConnectionsPerAddress?: number;
  /** UDP response-rate limiting (response-rate-limit.ts); false turns it off. Default 20/s, 15 s, slip 2. */
  rateLimit?: ResponseRateLimitOptions | false;
  /** Quiet time gathering a burst of change notices into one rebuild. */
  coalesceMs?: number;
  /**
   * Least time between the starts of two loads of the zones (each reads every zone): a stream of
   * changes is served at most this late, and costs a replica at most one load per interval.
   */
  minReloadIntervalMs?: number;
  /** Threads answering queries (more than one needs Node 22.12+). Default: defaultThreads(). */
  threads?: number;
  /** Node's dgram sockets even where the batched UDP socket is built (dns-udp-batch.ts). */
  dgramOnly?: boolean;
}

export interface DnsResponder {
  /** The port actually bound (UDP and TCP). */
  port: number;
  /** How UDP is taken: a batch at a time (dns-udp-batch.c) or a packet at a time (dgram). */
  udp: UdpPath;
  close(): Promise<void>;
}

/** Node 22.12 and 23.1 brought `reusePort` to dgram sockets. */
export function nodeSharesUdpPorts(): boolean {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 12);
}

/**
 * Two threads where a core is left for the rest and Node can share the port, else one. On two
 * cores a second thread measured no gain (docs/scale.md "DNS against PowerDNS").
 */
function defaultThreads(): number {
  return nodeSharesUdpPorts() && os.availableParallelism() > 2 ? 2 : 1;
}

const threadEntry = new URL('./dns-serving-thread.mjs', import.meta.url);

type Listening = Extract<FromDnsThread, { kind: 'listening' }>;

/** A DNS serving thread, as this thread sees it. */
interface DnsThread {
  /** Binds the thread's sockets at `port` (0: a free one); where they listen, or why they cannot. */
  bind(port: number): Promise<Listening>;
  /** Resolves once the thread answers from these zones. */
  serve(zones: Zone[]): Promise<void>;
  close(): Promise<void>;
}

/** Starts a thread, which loads and then waits to be told where to bind. */
function startThread(settings: DnsThreadSettings, logger?: DnsLogger): DnsThread {
  const worker = new Worker(threadEntry, { workerData: settings });
  type Waiting<T> = { resolve(value: T): void; reject(error: Error): void };
  let listening: Waiting<Listening> | undefined;
  const served: Waiting<void>[] = [];
  let exited = false;
  const stopped = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const send = (message: ToDnsThread) => worker.postMessage(message);
  worker.on('message', (message: FromDnsThread) => {
    if (message.kind === 'listening') listening?.resolve(message);
    else if (message.kind === 'bind-failed') listening?.reject(new Error(message.message));
    else if (message.kind === 'served') served.shift()?.resolve();
    else if (message.kind === 'log') logger?.[message.level](message.obj, message.msg);
  });
  worker.on('error', (error) => {
    logger?.error({ err: error }, 'DNS serving thread failed');
    listening?.reject(error);
  });
  worker.once('exit', () => {
    exited = true;
    const stoppedError = new Error('the DNS serving thread stopped');
    listening?.reject(stoppedError);
    for (const waiting of served.splice(0)) waiting.reject(stoppedError);
  });
  return {
    bind: (port) =>
      new Promise((resolve, reject) => {
        listening = { resolve, reject };
        send({ kind: 'bind', port });
      }),
    serve(zones) {
      if (exited) return Promise.reject(new Error('the DNS serving thread stopped'));
      return new Promise((resolve, reject) => {
        served.push({ resolve, reject });
        send({ kind: 'zones', zones });
      });
    },
    async close() {
      if (!exited) send({ kind: 'close' });
      // Sockets closed, the thread ends; one that does not is ended.
      const timer = setTimeout(() => void worker.terminate(), 2000);
      await stopped;
      clearTimeout(timer);
    },
  };
}

/** What follows a source's zones; `close` stops following them. */
interface ZoneFollower {
  close(): Promise<void>;
}

/**
 * Follows the zones of a source: one rebuild at a time, a burst of changes gathered into one, a
 * change during a rebuild runs another after it (loads start at least minReloadIntervalMs apart),
 * failed loads retried with back-off while the previous zones are served. Resolves after the
 * first load (served or failed).
 */
async function followZones(
  options: DnsResponderOptions,
  publish: (zones: Zone[]) => Promise<void>,
): Promise<ZoneFollower> {
  const { source, logger } = options;
  const coalesceMs = options.coalesceMs ?? 20;
  const minReloadIntervalMs = options.minReloadIntervalMs ?? 250;
  let lastLoad = -Infinity;
  let closed = false;
  let rebuilding: Promise<void> | undefined;
  let pending = false;
  let timer: NodeJS.Timeout | undefined;
  let failures = 0;
  const rebuild = async (): Promise<void> => {
    if (rebuilding) {
      pending = true;
      return rebuilding;
    }
    rebuilding = (async () => {
      do {
        // Every replica loads every zone after any change: under a stream of DNS writes that
        // would be one load per coalesceMs, each replica (docs/scale.md "Horizontal scale").
        const wait = lastLoad + minReloadIntervalMs - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        if (closed) return;
        pending = false;
        lastLoad = performance.now();
        try {
          const zones = await source.loadZones();
          if (closed) return;
          await publish(zones);
          failures = 0;
        } catch (error) {
          failures++;
          const delay = Math.min(30_000, 250 * 2 ** Math.min(failures, 7));
          logger?.error({ err: error, retryInMs: delay }, 'DNS zones could not be loaded');
          schedule(delay);
          return;
        }
      } while (pending && !closed);
    })().finally(() => {
      rebuilding = undefined;
    });
    return rebuilding;
  };
  const schedule = (delay: number) => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void rebuild();
    }, delay);
  };
  const unsubscribe = source.subscribe(() => schedule(coalesceMs));
  await rebuild();
  return {
    async close() {
      closed = true;
      unsubscribe();
      if (timer) clearTimeout(timer);
      await rebuilding;
    },
  };
}

/**
 * The threads, loading side by side: the first binds the port (and TCP), the others then share
 * its UDP port.
 */
async function startThreads(options: DnsResponderOptions) {
  const count = Math.max(1, options.threads ?? defaultThreads());
  const { rateLimit = defaultResponseRateLimit } = options;
  const tcp = {
    maxConnections: options.maxTcpConnections ?? 256,
    idleTimeoutMs: options.tcpIdleTimeoutMs ?? 10_000,
    maxLifetimeMs: options.tcpMaxLifetimeMs ?? 120_000,
    maxQueries: options.maxTcpQueriesPerConnection ?? 1000,
    maxPerAddress: options.maxTcpConnectionsPerAddress ?? 16,
  };
  const threads = Array.from({ length: count }, (_, i) =>
    startThread(
      {
        host: options.host,
        sharePort: count > 1,
        tcp: i === 0 ? tcp : undefined,
        rateLimit,
        authority: options.authority,
        logsSkipped: i === 0,
        dgramOnly: options.dgramOnly ?? false,
      },
      options.logger,
    ),
  );
  try {
    const first = await threads[0]!.bind(options.port);
    await Promise.all(threads.slice(1).map((thread) => thread.bind(first.port)));
    return { threads, ...first };
  } catch (error) {
    await Promise.all(threads.map((thread) => thread.close()));
    throw error;
  }
}

export async function startDnsResponder(options: DnsResponderOptions): Promise<DnsResponder> {
  const { host, logger } = options;
  const { threads, port, udp, whyNotBatched } = await startThreads(options);
  const zones = await followZones(options, async (loaded) => {
    await Promise.all(threads.map((thread) => thread.serve(loaded)));
  });
  if (whyNotBatched) {
    logger?.warn(
      { reason: whyNotBatched },
      'DNS answers a UDP packet at a time: the batched socket is not built (npm start builds it with a C compiler)',
    );
  }
  logger?.info(
    { host, port, threads: threads.length, udp },
    'DNS responder listening (UDP and TCP)',
  );
  return {
    port,
    udp,
    async close() {
      await zones.close();
      await Promise.all(threads.map((thread) => thread.close()));
    },
  };
}
