import dgram from 'node:dgram';
import net from 'node:net';
import { DnsIndex, type DnsLogger } from './dns-index';
import { T, rcodes, type Body } from './dns-records';
import { serveTcp } from './dns-tcp';
import {
  createResponseRateLimiter,
  defaultResponseRateLimit,
  slipped,
  type RateVerdict,
  type ResponseRateLimitOptions,
} from './response-rate-limit';
import type { ZoneAuthority, ZoneSource } from './zone';

export { DnsIndex, type DnsLogger } from './dns-index';
export { nameKey } from './dns-records';

/**
 * The built-in authoritative DNS responder (architecture "Embedded default" "DNS", embedded default): serves the
 * zones of a ZoneSource over UDP and TCP.
 *
 * The hot path does not decode whole packets: it reads the header and the question, looks the
 * lower-cased wire name up in an index rebuilt on every change, and sends the query's own header
 * and question (patched in place) followed by answer sections encoded once per (name, type). Owner
 * names equal to the question are compression pointers to it, so one encoding serves every
 * spelling of the name (the question is echoed as asked) and wildcard matches. Records are
 * encoded with dns-packet (dns-records.ts), the index in dns-index.ts, TCP in dns-tcp.ts. UDP
 * answers are rate limited per source prefix, so we amplify no flood (response-rate-limit.ts).
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
}

export interface DnsResponder {
  /** The port actually bound (UDP and TCP). */
  port: number;
  close(): Promise<void>;
}

/** Our EDNS UDP payload size (DNS flag day 2020). */
export const ednsPayloadSize = 1232;

// ---------------------------------------------------------------------------------------------
// Wire handling

function optRecord(extendedRcode: number, dnssecOk: boolean): Buffer {
  const opt = Buffer.alloc(11);
  opt.writeUInt16BE(T.OPT, 1);
  opt.writeUInt16BE(ednsPayloadSize, 3);
  opt[5] = extendedRcode;
  opt[7] = dnssecOk ? 0x80 : 0;
  return opt;
}
const optPlain = optRecord(0, false);
const optDo = optRecord(0, true);
const optBadVersion = optRecord(1, false);
const emptyBody: Body = { aa: false, rcode: 0, an: 0, ns: 0, ar: 0, bytes: Buffer.alloc(0) };
const refusedBody: Body = { ...emptyBody, rcode: rcodes.REFUSED };
const notImplementedBody: Body = { ...emptyBody, rcode: rcodes.NOTIMP };
const formatErrorBody: Body = { ...emptyBody, rcode: rcodes.FORMERR };

/** Scratch space for the lower-cased question name (names are at most 255 bytes). */
const scratch = Buffer.alloc(256);

/** Skips a possibly compressed name; returns the offset after it, or -1 when malformed. */
function skipName(msg: Buffer, offset: number): number {
  for (let steps = 0; steps < 128; steps++) {
    const length = msg[offset];
    if (length === undefined) return -1;
    if (length === 0) return offset + 1;
    if ((length & 0xc0) === 0xc0) return offset + 2 <= msg.length ? offset + 2 : -1;
    if (length & 0xc0) return -1;
    offset += length + 1;
  }
  return -1;
}

/**
 * The response to one query as buffers to send in order, or undefined to drop it (malformed, or
 * not a query). Over UDP the answer fits 512 bytes, or the EDNS size the client gives capped at
 * ours (else it is truncated, TC). The query buffer's header is reused for the answer.
 */
export function respond(
  index: DnsIndex,
  msg: Buffer,
  tcp: boolean,
): [Buffer, Buffer, Buffer] | [Buffer, Buffer] | undefined {
  if (msg.length < 12 || msg.length > 65535) return undefined;
  if (msg[2]! & 0x80) return undefined; // a response, not a query
  const opcode = (msg[2]! >> 3) & 0x0f;
  const qdcount = msg.readUInt16BE(4);
  if (opcode !== 0 || qdcount !== 1) {
    const header = Buffer.from(msg.subarray(0, 12));
    writeHeader(header, opcode !== 0 ? notImplementedBody : formatErrorBody, false, false);
    header.writeUInt16BE(0, 4);
    return [header, emptyBody.bytes];
  }
  // The question: an uncompressed name, its type and class.
  let offset = 12;
  let length = 0;
  for (;;) {
    const labelLength = msg[offset];
    if (labelLength === undefined || labelLength & 0xc0) return undefined;
    scratch[length++] = labelLength;
    offset++;
    if (labelLength === 0) break;
    if (offset + labelLength > msg.length || length + labelLength > 255) return undefined;
    for (let i = 0; i < labelLength; i++) {
      const byte = msg[offset + i]!;
      scratch[length++] = byte >= 0x41 && byte <= 0x5a ? byte | 0x20 : byte;
    }
    offset += labelLength;
  }
  if (offset + 4 > msg.length) return undefined;
  const qtype = msg.readUInt16BE(offset);
  const qclass = msg.readUInt16BE(offset + 2);
  const questionEnd = offset + 4;
  // EDNS: find an OPT record among the additional records.
  let edns = false;
  let udpSize = 512;
  let ednsVersion = 0;
  let dnssecOk = false;
  let optCount = 0;
  const records = msg.readUInt16BE(6) + msg.readUInt16BE(8) + msg.readUInt16BE(10);
  offset = questionEnd;
  for (let i = 0; i < records; i++) {
    offset = skipName(msg, offset);
    if (offset < 0 || offset + 10 > msg.length) return undefined;
    const rdlength = msg.readUInt16BE(offset + 8);
    if (msg.readUInt16BE(offset) === T.OPT && ++optCount === 1) {
      edns = true;
      udpSize = Math.min(Math.max(msg.readUInt16BE(offset + 2), 512), ednsPayloadSize);
      ednsVersion = msg[offset + 5]!;
      dnssecOk = (msg[offset + 6]! & 0x80) !== 0;
    }
    offset += 10 + rdlength;
    if (offset > msg.length) return undefined;
  }
  let body: Body;
  let opt = dnssecOk ? optDo : optPlain;
  if (optCount > 1) {
    // More than one OPT record: FORMERR, without EDNS in the answer (RFC 6891 6.1.1).
    body = formatErrorBody;
    edns = false;
  } else if (edns && ednsVersion !== 0) {
    body = emptyBody;
    opt = optBadVersion;
  } else if (qclass !== 1 && qclass !== 255) {
    body = refusedBody;
  } else if (qtype === T.OPT || (qtype >= 249 && qtype <= 254)) {
    // OPT as a question, TKEY, TSIG, IXFR, AXFR, MAILB, MAILA: not served here.
    body = qtype === T.OPT ? formatErrorBody : refusedBody;
  } else {
    body = index.lookup(scratch.toString('latin1', 0, length), qtype) ?? refusedBody;
  }
  const head = msg.subarray(0, questionEnd);
  const size = questionEnd + body.bytes.length + (edns ? opt.length : 0);
  const truncated = !tcp && size > udpSize;
  writeHeader(head, truncated ? { ...body, an: 0, ns: 0, ar: 0 } : body, truncated, edns);
  const bytes = truncated ? emptyBody.bytes : body.bytes;
  return edns ? [head, bytes, opt] : [head, bytes];
}

function writeHeader(header: Buffer, body: Body, truncated: boolean, edns: boolean): void {
  // QR, opcode and RD as asked, AA, TC; CD echoed, RA off, the rcode.
  header[2] = 0x80 | (header[2]! & 0x79) | (body.aa ? 0x04 : 0) | (truncated ? 0x02 : 0);
  header[3] = (header[3]! & 0x10) | body.rcode;
  header.writeUInt16BE(body.an, 6);
  header.writeUInt16BE(body.ns, 8);
  header.writeUInt16BE(body.ar + (edns ? 1 : 0), 10);
}

// ---------------------------------------------------------------------------------------------
// Sockets

function bindUdp(socket: dgram.Socket, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    socket.once('error', onError);
    socket.bind({ port, address: host, exclusive: true }, () => {
      socket.off('error', onError);
      resolve();
    });
  });
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

function describeBindError(error: unknown, host: string, port: number, proto: string): Error {
  const code = (error as NodeJS.ErrnoException).code;
  const reason =
    code === 'EADDRINUSE'
      ? 'is already in use'
      : code === 'EACCES'
        ? 'needs privileges this process does not have'
        : `cannot be bound (${(error as Error).message})`;
  return new Error(`DNS port ${port} (${proto}) on ${host} ${reason}`, { cause: error });
}

/** The index of a source's zones, rebuilt after changes; `close` stops following them. */
interface ZoneFollower {
  index(): DnsIndex;
  close(): Promise<void>;
}

/**
 * Follows the zones of a source: one rebuild at a time, a burst of changes gathered into one, a
 * change during a rebuild runs another right after it, failed loads retried with back-off while
 * the previous zones are served. Resolves after the first load (served or failed).
 */
async function followZones(options: DnsResponderOptions): Promise<ZoneFollower> {
  const { source, authority, logger } = options;
  const coalesceMs = options.coalesceMs ?? 20;
  let index = new DnsIndex([], authority);
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
        pending = false;
        try {
          const zones = await source.loadZones();
          if (closed) return;
          // Records the previous index left out are not logged again.
          index = new DnsIndex(zones, authority, logger, index.skipped);
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
    index: () => index,
    async close() {
      closed = true;
      unsubscribe();
      if (timer) clearTimeout(timer);
      await rebuilding;
    },
  };
}

export async function startDnsResponder(options: DnsResponderOptions): Promise<DnsResponder> {
  const { host, logger } = options;
  const zones = await followZones(options);
  const answer = (query: Buffer, overTcp: boolean): Buffer[] | undefined => {
    try {
      return respond(zones.index(), query, overTcp);
    } catch (error) {
      logger?.warn({ err: error }, 'DNS query failed');
      return undefined;
    }
  };

  const udp = dgram.createSocket({ type: net.isIPv6(host) ? 'udp6' : 'udp4' });
  // Half-open: a client may send its last query and close its side before reading the answers.
  const tcp = net.createServer({ noDelay: true, allowHalfOpen: true });
  const maxConnections = options.maxTcpConnections ?? 256;
  // A backstop only: serveTcp evicts before the count grows past maxConnections.
  tcp.maxConnections = maxConnections + 16;
  const connections = serveTcp(tcp, (query) => answer(query, true), {
    maxConnections,
    idleTimeoutMs: options.tcpIdleTimeoutMs ?? 10_000,
    maxLifetimeMs: options.tcpMaxLifetimeMs ?? 120_000,
    maxQueries: options.maxTcpQueriesPerConnection ?? 1000,
    maxPerAddress: options.maxTcpConnectionsPerAddress ?? 16,
  });

  const stop = async () => {
    for (const socket of connections) socket.destroy();
    await Promise.all([
      closeUdp(udp),
      new Promise<void>((resolve) => (tcp.listening ? tcp.close(() => resolve()) : resolve())),
      zones.close(),
    ]);
  };

  let port = options.port;
  for (let attempt = 0; ; attempt++) {
    try {
      await bindUdp(udp, port, host);
    } catch (error) {
      await stop();
      throw describeBindError(error, host, port, 'UDP');
    }
    const bound = udp.address().port;
    try {
      await listenTcp(tcp, bound, host);
      port = bound;
      break;
    } catch (error) {
      // With a chosen port there is nothing else to try; with port 0, UDP's free port may be
      // taken on TCP: try another.
      if (options.port !== 0 || attempt >= 10) {
        await stop();
        throw describeBindError(error, host, bound, 'TCP');
      }
      await stop();
      return startDnsResponder(options);
    }
  }

  const { rateLimit = defaultResponseRateLimit } = options;
  const limit = rateLimit ? createResponseRateLimiter(rateLimit) : (): RateVerdict => 'answer';
  udp.on('message', (msg, remote) => {
    const response = answer(msg, false);
    if (!response) return;
    const verdict = limit(remote.address);
    if (verdict === 'drop') return;
    const sent = verdict === 'slip' ? slipped(response) : response;
    udp.send(sent, remote.port, remote.address, () => {});
  });
  udp.on('error', (error) => logger?.warn({ err: error }, 'DNS UDP socket error'));

  tcp.on('error', (error) => logger?.warn({ err: error }, 'DNS TCP server error'));

  logger?.info({ host, port }, 'DNS responder listening (UDP and TCP)');
  return { port, close: stop };
}
