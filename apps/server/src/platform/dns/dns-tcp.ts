import net from 'node:net';

/**
 * DNS over TCP (RFC 7766) that holds under abuse: a connection is answered only as fast as it
 * reads, buffers at most one message in progress plus one socket read, must complete each query
 * in time (bytes trickled in do not count), lives for a bounded time and a bounded number of
 * queries, and one client address holds a bounded share of the connections.
 */

export interface TcpLimits {
  /** A complete query must arrive within this long of the connection opening or the last answer. */
  idleTimeoutMs: number;
  /** A connection is closed this long after it opened, however busy. */
  maxLifetimeMs: number;
  /** A connection is closed after answering this many queries. */
  maxQueries: number;
  /** At most this many connections at once from one address (IPv6: one /64). */
  maxPerAddress: number;
  /**
   * At most this many connections in all: a new one evicts the connection longest without a
   * completed query (RFC 7766 6.2.3), so idle or trickling clients can never lock others out.
   */
  maxConnections: number;
}

/** The response to one query as buffers to send in order, or undefined to close the connection. */
export type TcpAnswerer = (query: Buffer) => Buffer[] | undefined;

/** Unanswered bytes kept from socket reads: one whole message (with its length) plus one read. */
const maxBuffered = 2 * (2 + 65535);

/**
 * The key a client counts under: IPv4 (also IPv4-mapped IPv6) as is, IPv6 by its /64, as one
 * host usually holds a whole /64.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  const plain = address.split('%')[0]!;
  if (!net.isIPv6(plain)) return address;
  const [head = '', tail] = plain.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 address at the end stands for two groups.
  const width = (groups: string[]) => groups.length + (groups.at(-1)?.includes('.') ? 1 : 0);
  const zeros = tail === undefined ? [] : Array<string>(8 - width(left) - width(right)).fill('0');
  const groups = [...left, ...zeros, ...right].slice(0, 4);
  return `${groups.map((group) => parseInt(group, 16).toString(16)).join(':')}::/64`;
}

/** Closes a socket at once, discarding answers still queued for a client that does not read. */
function drop(socket: net.Socket): void {
  if (socket.writableLength > 0) socket.resetAndDestroy();
  else socket.destroy();
}

/** The connection that has gone longest without completing a query. */
function stalest(connections: ReadonlyMap<net.Socket, TcpConnection>): net.Socket | undefined {
  let found: [net.Socket, TcpConnection] | undefined;
  for (const entry of connections) {
    if (!found || entry[1].lastProgress < found[1].lastProgress) found = entry;
  }
  return found?.[0];
}

/**
 * Serves DNS on the TCP server's connections; answers the set of open connections (to close
 * them on shutdown).
 */
export function serveTcp(
  server: net.Server,
  answer: TcpAnswerer,
  limits: TcpLimits,
): Set<net.Socket> {
  const sockets = new Set<net.Socket>();
  const connections = new Map<net.Socket, TcpConnection>();
  const perAddress = new Map<string, number>();
  server.on('connection', (socket) => {
    const key = socket.remoteAddress === undefined ? undefined : addressKey(socket.remoteAddress);
    const count = key === undefined ? 0 : (perAddress.get(key) ?? 0);
    if (key === undefined || count >= limits.maxPerAddress) {
      socket.on('error', () => undefined);
      socket.destroy();
      return;
    }
    if (connections.size >= limits.maxConnections) {
      const evicted = stalest(connections);
      if (evicted) {
        connections.delete(evicted);
        drop(evicted);
      }
    }
    perAddress.set(key, count + 1);
    sockets.add(socket);
    connections.set(socket, new TcpConnection(socket, answer, limits));
    socket.once('close', () => {
      sockets.delete(socket);
      connections.delete(socket);
      const left = (perAddress.get(key) ?? 1) - 1;
      if (left > 0) perAddress.set(key, left);
      else perAddress.delete(key);
    });
  });
  return sockets;
}

const empty = Buffer.alloc(0);

/** One client connection: length-framed queries in, answers out, with back-pressure. */
class TcpConnection {
  /** Bytes received and not answered yet: whole messages, maybe the start of one more. */
  private pending: Buffer = empty;
  /** A message arriving over several reads, allocated at its full size so each byte is copied once. */
  private assembly?: Buffer;
  private filled = 0;
  /** A message completed in `assembly`, to answer before `pending`. */
  private ready?: Buffer;
  private answered = 0;
  /** Waiting for 'drain': the client does not read as fast as it asks. */
  private blocked = false;
  /** The client has sent all it will (half-close): end once its queries are answered. */
  private peerEnded = false;
  /** The last answer is sent; the connection is closing. */
  private finished = false;
  private readonly idle: NodeJS.Timeout;
  private readonly lifetime: NodeJS.Timeout;
  /** When the connection opened or last completed a query: the eviction order. */
  lastProgress = performance.now();

  constructor(
    private readonly socket: net.Socket,
    private readonly answer: TcpAnswerer,
    private readonly limits: TcpLimits,
  ) {
    // Timers of our own: socket.setTimeout would be reset by every byte a client trickles in.
    this.idle = setTimeout(() => drop(socket), limits.idleTimeoutMs);
    this.lifetime = setTimeout(() => drop(socket), limits.maxLifetimeMs);
    socket.on('data', (chunk: Buffer) => this.received(chunk));
    socket.on('drain', () => this.drained());
    socket.on('end', () => {
      this.peerEnded = true;
      this.endIfDone();
    });
    socket.on('error', () => socket.destroy());
    socket.once('close', () => {
      clearTimeout(this.idle);
      clearTimeout(this.lifetime);
      this.pending = empty;
      this.assembly = this.ready = undefined;
    });
  }

  private received(chunk: Buffer): void {
    if (this.finished) return;
    if (this.assembly) {
      const taken = Math.min(this.assembly.length - this.filled, chunk.length);
      this.filled += chunk.copy(this.assembly, this.filled, 0, taken);
      if (this.filled < this.assembly.length) return;
      this.ready = this.assembly.subarray(2);
      this.assembly = undefined;
      chunk = chunk.subarray(taken);
    }
    if (this.pending.length + chunk.length > maxBuffered) return void this.socket.destroy();
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    this.process();
  }

  private drained(): void {
    if (!this.blocked || this.finished) return;
    this.blocked = false;
    this.process();
    if (!this.blocked && !this.finished) this.socket.resume();
  }

  /** Answers the complete queries received, until the client stops reading. */
  private process(): void {
    while (!this.blocked && !this.finished) {
      const query = this.next();
      if (query === null) return void this.socket.destroy();
      if (query === undefined) break;
      const framed = frame(this.answer(query));
      if (!framed) return void this.socket.destroy();
      const flushed = this.socket.write(framed);
      this.idle.refresh();
      this.lastProgress = performance.now();
      if (++this.answered >= this.limits.maxQueries) return this.finish();
      if (!flushed) {
        // Hold the rest until the client has read this answer; stop reading meanwhile.
        this.blocked = true;
        this.socket.pause();
      }
    }
    if (!this.blocked) this.keepPartial();
    this.endIfDone();
  }

  /** The next complete query; undefined when none is complete yet, null on a bad length. */
  private next(): Buffer | undefined | null {
    if (this.ready) {
      const query = this.ready;
      this.ready = undefined;
      return query;
    }
    if (this.pending.length < 2) return undefined;
    const length = this.pending.readUInt16BE(0);
    if (length < 12) return null;
    if (this.pending.length < 2 + length) return undefined;
    const query = this.pending.subarray(2, 2 + length);
    this.pending = this.pending.subarray(2 + length);
    return query;
  }

  /** Moves an incomplete message out of the read it came in, into a buffer of its full size. */
  private keepPartial(): void {
    if (this.pending.length === 0 || this.finished) return;
    if (this.pending.length < 2) {
      this.pending = Buffer.from(this.pending);
      return;
    }
    this.assembly = Buffer.allocUnsafe(2 + this.pending.readUInt16BE(0));
    this.filled = this.pending.copy(this.assembly);
    this.pending = empty;
  }

  private endIfDone(): void {
    if (this.peerEnded && !this.blocked && !this.finished) this.finish();
  }

  /** Closes once the answers are sent; the idle deadline ends a client that never reads them. */
  private finish(): void {
    this.finished = true;
    this.pending = empty;
    this.assembly = this.ready = undefined;
    this.socket.end();
  }
}

/** The answer with its two-byte length, or undefined when there is none or it is too long. */
function frame(response: Buffer[] | undefined): Buffer | undefined {
  if (!response) return undefined;
  let size = 0;
  for (const part of response) size += part.length;
  if (size > 65535) return undefined;
  const prefix = Buffer.allocUnsafe(2);
  prefix.writeUInt16BE(size, 0);
  return Buffer.concat([prefix, ...response], size + 2);
}
