import dgram from 'node:dgram';
import fs from 'node:fs';
import type net from 'node:net';
import { answerDeadlineMs, attackerAddress, connectFrom, FrameReader, framed } from './dns-client';
import type { FuzzTally, Malformed } from './dns-fuzz';

// Connections and senders for the DNS attacks: framed TCP exchanges, fuzzing over UDP and TCP.

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface TcpRow {
  localPort: number;
  remotePort: number;
  /** The kernel's state, in hex as /proc shows it: 01 ESTABLISHED, 04 FIN_WAIT1, 08 CLOSE_WAIT… */
  state: string;
  /** Bytes queued to send and not yet acknowledged. */
  unsent: number;
}

/** This host's IPv4 TCP sockets, from /proc/net/tcp. */
function tcpRows(): TcpRow[] {
  const port = (address: string) => parseInt(address.split(':')[1]!, 16);
  return fs
    .readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields.length > 4)
    .map(([, local, remote, state, queues]) => ({
      localPort: port(local!),
      remotePort: port(remote!),
      state: state!,
      unsent: parseInt(queues!.split(':')[0]!, 16),
    }));
}

/**
 * The client ports of the connections the server on `port` still holds open (ESTABLISHED, or
 * CLOSE_WAIT: the client left, the server did not). Once the server closes its side the row
 * leaves those states, even when the client never reads to see it (its own row stays
 * ESTABLISHED behind unread answers).
 */
export function heldBy(port: number): Set<number> {
  const held = tcpRows().filter(
    (row) => row.localPort === port && (row.state === '01' || row.state === '08'),
  );
  return new Set(held.map((row) => row.remotePort));
}

/** Bytes the kernel still queues from the server on `port` to these client ports, in any state. */
export function unsentTo(port: number, clients: readonly number[]): number {
  return tcpRows()
    .filter((row) => row.localPort === port && clients.includes(row.remotePort))
    .reduce((sum, row) => sum + row.unsent, 0);
}

/** Polls until the server on `port` holds none of the client `ports`; the ms it took, or undefined. */
export async function untilClosed(
  port: number,
  ports: readonly number[],
  timeoutMs: number,
): Promise<number | undefined> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    const held = heldBy(port);
    if (!ports.some((client) => held.has(client))) return performance.now() - started;
    await sleep(100);
  }
  return undefined;
}

type Exchanged = Buffer | 'closed' | 'timeout';

/** One TCP connection asking one framed message at a time. */
export class FramedConnection {
  closed = false;
  answered = 0;
  private readonly reader = new FrameReader();
  private readonly arrived: Buffer[] = [];
  private wake?: () => void;

  private constructor(readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.arrived.push(...this.reader.push(chunk));
      this.wake?.();
    });
    socket.on('close', () => {
      this.closed = true;
      this.wake?.();
    });
  }

  /** Resolves once connected, or closed (a refused connection is returned closed). */
  static open(port: number, localAddress = attackerAddress): Promise<FramedConnection> {
    const connection = new FramedConnection(connectFrom(port, localAddress));
    return new Promise((resolve) => {
      connection.socket.once('connect', () => resolve(connection));
      connection.socket.once('close', () => resolve(connection));
    });
  }

  /** Sends one message and waits for the next answer, the close, or the deadline. */
  async exchange(message: Buffer, timeoutMs = answerDeadlineMs): Promise<Exchanged> {
    if (this.closed) return 'closed';
    this.socket.write(framed(message));
    const deadline = performance.now() + timeoutMs;
    while (this.arrived.length === 0 && !this.closed && performance.now() < deadline) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, deadline - performance.now());
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    const answer = this.arrived.shift();
    if (answer) this.answered += 1;
    return answer ?? (this.closed ? 'closed' : 'timeout');
  }

  destroy(): void {
    this.socket.destroy();
  }
}

/**
 * Sends every message over UDP from the attacker's address, a batch at a time: the next batch
 * goes once the batch's owed answers are in (or after the deadline), as fast as the server
 * answers without overflowing its socket buffer. Answers are matched by id (message i has i + 1).
 */
export async function fuzzUdp(
  port: number,
  messages: readonly Malformed[],
  tally: FuzzTally,
  batch = 32,
): Promise<void> {
  const socket = dgram.createSocket('udp4');
  const answers = new Map<number, Buffer>();
  let owed = new Set<number>();
  let allIn: (() => void) | undefined;
  socket.on('message', (answer) => {
    const index = answer.length >= 2 ? answer.readUInt16BE(0) - 1 : -1;
    const asked = messages[index];
    if (!asked || asked.bytes.length < 2 || answers.has(index)) {
      return tally.defect(index, asked, 'an answer to no message, or a second one');
    }
    answers.set(index, answer);
    owed.delete(index);
    if (owed.size === 0) allIn?.();
  });
  await new Promise<void>((resolve) => socket.bind(0, attackerAddress, resolve));
  for (let start = 0; start < messages.length; start += batch) {
    const indices = Array.from(
      { length: Math.min(batch, messages.length - start) },
      (_, i) => start + i,
    );
    owed = new Set(indices.filter((index) => messages[index]!.due));
    for (const index of indices) socket.send(messages[index]!.bytes, port, '127.0.0.1');
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, answerDeadlineMs);
      allIn = () => {
        clearTimeout(timer);
        resolve();
      };
      if (owed.size === 0) allIn();
    });
  }
  await sleep(500); // answers not owed may still be on their way
  socket.close();
  messages.forEach((asked, index) => tally.record(index, asked, answers.get(index), true));
}

/**
 * Sends every message framed over TCP on `width` connections, one at a time each. A dropped
 * message closes the connection (how the responder drops over TCP): the worker opens another.
 * A close on a connection that answered before may be its query cap or lifetime rather than
 * this message, so that message is asked again once on a fresh connection. Answers the number
 * of connections opened.
 */
export async function fuzzTcp(
  port: number,
  messages: readonly Malformed[],
  tally: FuzzTally,
  width = 4,
): Promise<number> {
  let next = 0;
  let opened = 0;
  const worker = async () => {
    let connection: FramedConnection | undefined;
    while (next < messages.length) {
      const index = next++;
      const asked = messages[index]!;
      let result: Exchanged = 'closed';
      for (let attempt = 0; attempt < 2; attempt++) {
        if (!connection || connection.closed) {
          connection = await FramedConnection.open(port);
          opened += 1;
        }
        const fresh = connection.answered === 0;
        result = await connection.exchange(asked.bytes);
        if (result !== 'closed' || fresh) break;
      }
      if (result === 'timeout') {
        connection?.destroy();
        connection = undefined;
      }
      tally.record(index, asked, typeof result === 'string' ? undefined : result, false);
    }
    connection?.destroy();
  };
  await Promise.all(Array.from({ length: width }, worker));
  return opened;
}

/** Polls `check` until it holds or `timeoutMs` passes; whether it held. */
export async function within(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (!check() && performance.now() < deadline) await sleep(50);
  return check();
}
