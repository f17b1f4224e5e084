import net from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import dnsPacket from 'dns-packet';
import { describe, expect, it } from 'vitest';
import {
  MemoryZoneSource,
  dataOf,
  query,
  queryPacket,
  rcodeOf,
  suiteAuthority,
  suiteZones,
} from './dns-answer-suite.test-support';
import { startDnsResponder, type DnsResponder, type DnsResponderOptions } from './dns-responder';
import { addressKey } from './dns-tcp';

/** DNS over TCP under abuse: back-pressure, bounded buffers, deadlines and per-client caps. */

const host = '127.0.0.1';

/** A name whose TXT answer is about 48 KB: twelve records of 4000 characters. */
const hugeName = 'huge.alpha.example';
function zonesWithHugeTxt() {
  const zones = suiteZones();
  for (let i = 0; i < 12; i++) {
    const content = String.fromCharCode(97 + i).repeat(4000);
    zones[0]!.records.push({ name: hugeName, type: 'TXT', ttl: 60, content });
  }
  return zones;
}

async function withResponder(
  options: Partial<DnsResponderOptions>,
  test: (responder: DnsResponder) => Promise<void>,
): Promise<void> {
  const source = new MemoryZoneSource();
  source.set(zonesWithHugeTxt());
  const responder = await startDnsResponder({
    host,
    port: 0,
    source,
    authority: suiteAuthority,
    ...options,
  });
  try {
    await test(responder);
  } finally {
    await responder.close();
  }
}

function framed(messages: Buffer[]): Buffer {
  return Buffer.concat(
    messages.flatMap((message) => {
      const prefix = Buffer.alloc(2);
      prefix.writeUInt16BE(message.length);
      return [prefix, message];
    }),
  );
}

/** A raw TCP client: collects length-framed answers and notes when the server closes. */
class Client {
  readonly answers: Buffer[] = [];
  closed = false;
  private buffered = Buffer.alloc(0);
  private readonly wake = new Set<() => void>();

  private constructor(
    readonly socket: net.Socket,
    read: boolean,
  ) {
    // A client that never reads attaches no 'data' listener and stays paused.
    if (read) socket.on('data', (chunk: Buffer) => this.received(chunk));
    else socket.pause();
    socket.on('error', () => undefined);
    socket.on('close', () => {
      this.closed = true;
      this.notify();
    });
  }

  static open(port: number, { read = true } = {}): Promise<Client> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host, port, noDelay: true });
      const client = new Client(socket, read);
      socket.once('connect', () => resolve(client));
      socket.once('error', reject);
    });
  }

  private received(chunk: Buffer): void {
    this.buffered = Buffer.concat([this.buffered, chunk]);
    while (this.buffered.length >= 2) {
      const length = this.buffered.readUInt16BE(0);
      if (this.buffered.length < 2 + length) break;
      this.answers.push(this.buffered.subarray(2, 2 + length));
      this.buffered = this.buffered.subarray(2 + length);
    }
    this.notify();
  }

  private notify(): void {
    for (const wake of this.wake) wake();
  }

  /** Waits until `done` holds or the timeout passes; whether it holds. */
  async until(done: () => boolean, timeoutMs = 5000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!done() && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const finish = () => {
          clearTimeout(timer);
          this.wake.delete(finish);
          resolve();
        };
        const timer = setTimeout(finish, Math.max(0, deadline - Date.now()));
        this.wake.add(finish);
      });
    }
    return done();
  }

  /** Sends one query and waits for its answer. */
  async ask(name: string, type: dnsPacket.RecordType): Promise<dnsPacket.DecodedPacket> {
    const before = this.answers.length;
    this.socket.write(framed([queryPacket(name, type)]));
    await this.until(() => this.answers.length > before || this.closed);
    if (this.answers.length === before) throw new Error(`no answer to ${name} ${type}`);
    return dnsPacket.decode(this.answers[before]!);
  }

  close(): void {
    this.socket.destroy();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
/** Live memory: answers already handed to the kernel are garbage, not held. */
const memory = () => {
  gc();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
};

describe('built-in DNS responder, TCP under abuse', () => {
  it('stops answering a client that does not read, with bounded memory, and serves others', async () => {
    await withResponder({}, async (responder) => {
      const txtQuery = queryPacket(hugeName, 'TXT');
      // 64 KB of pipelined queries per connection, each answered with about 48 KB.
      const burst = framed(
        Array.from({ length: Math.floor(65536 / (txtQuery.length + 2)) }, () => txtQuery),
      );
      const before = memory();
      const attackers = await Promise.all(
        Array.from({ length: 6 }, () => Client.open(responder.port, { read: false })),
      );
      for (const attacker of attackers) attacker.socket.write(burst);
      // Others are still answered, over TCP and UDP.
      const server = { host, port: responder.port };
      for (let i = 0; i < 3; i++) {
        await sleep(100);
        const tcp = await query(server, 'tcp', 'www.alpha.example', 'A', { timeoutMs: 5000 });
        expect(dataOf(tcp.answers)).toEqual(['192.0.2.10', '192.0.2.11']);
        const udp = await query(server, 'udp', 'mail.alpha.example', 'A', { timeoutMs: 5000 });
        expect(dataOf(udp.answers)).toEqual(['192.0.2.25']);
      }
      // Without back-pressure each connection would hold about 80 MB of answers.
      expect(memory() - before).toBeLessThan(32 * 2 ** 20);
      for (const attacker of attackers) attacker.close();
    });
  });

  it('answers the queries it held back once the client reads again', async () => {
    await withResponder({ maxTcpQueriesPerConnection: 10_000 }, async (responder) => {
      const client = await Client.open(responder.port, { read: false });
      const queries = Array.from({ length: 3000 }, () => queryPacket('big.alpha.example', 'TXT'));
      client.socket.write(framed(queries));
      await sleep(200);
      const reader = new Promise<Buffer[]>((resolve) => {
        const answers: Buffer[] = [];
        let buffered = Buffer.alloc(0);
        client.socket.on('data', (chunk: Buffer) => {
          buffered = Buffer.concat([buffered, chunk]);
          while (buffered.length >= 2 && buffered.length >= 2 + buffered.readUInt16BE(0)) {
            answers.push(buffered.subarray(2, 2 + buffered.readUInt16BE(0)));
            buffered = buffered.subarray(2 + buffered.readUInt16BE(0));
          }
          if (answers.length === queries.length) resolve(answers);
        });
        client.socket.on('close', () => resolve(answers));
      });
      client.socket.resume();
      const answers = await reader;
      expect(answers.length).toBe(queries.length);
      expect(answers.map((answer) => answer.readUInt16BE(0))).toEqual(
        queries.map((message) => message.readUInt16BE(0)),
      );
      client.close();
    });
  });

  it('answers queries split at any byte, and all of them when the client half-closes', async () => {
    await withResponder({}, async (responder) => {
      const names = Array.from({ length: 40 }, (_, i) => (i % 2 ? 'www' : 'mail'));
      const queries = names.map((name) => queryPacket(`${name}.alpha.example`, 'A'));
      const bytes = framed(queries);
      const client = await Client.open(responder.port);
      // Pieces of 1 to 90 bytes, each its own segment, the last one with the client's FIN.
      let at = 0;
      for (let piece = 1; at < bytes.length; piece = (piece * 7) % 90 || 1) {
        const end = Math.min(bytes.length, at + piece);
        if (end === bytes.length) client.socket.end(bytes.subarray(at, end));
        else client.socket.write(bytes.subarray(at, end));
        at = end;
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(await client.until(() => client.closed)).toBe(true);
      expect(client.answers.map((answer) => answer.readUInt16BE(0))).toEqual(
        queries.map((message) => message.readUInt16BE(0)),
      );
      const answered = client.answers.map((answer) => dataOf(dnsPacket.decode(answer).answers));
      expect(answered[0]).toEqual(['192.0.2.25']);
      expect(answered[1]).toEqual(['192.0.2.10', '192.0.2.11']);
    });
  });

  it('closes connections beyond the per-address cap at once and counts closed ones out', async () => {
    await withResponder({ maxTcpConnectionsPerAddress: 3 }, async (responder) => {
      const held = await Promise.all([1, 2, 3].map(() => Client.open(responder.port)));
      for (const client of held) {
        expect(rcodeOf(await client.ask('www.alpha.example', 'A'))).toBe('NOERROR');
      }
      const extra = await Client.open(responder.port);
      extra.socket.write(framed([queryPacket('www.alpha.example', 'A')]));
      expect(await extra.until(() => extra.closed)).toBe(true);
      expect(extra.answers).toEqual([]);
      // A closed connection frees its place.
      held.pop()!.close();
      let again: Client | undefined;
      for (let attempt = 0; attempt < 50 && !again; attempt++) {
        const client = await Client.open(responder.port);
        const answered = await client.ask('www.alpha.example', 'A').catch(() => undefined);
        if (answered) again = client;
        else await sleep(50);
      }
      expect(again).toBeDefined();
      for (const client of [...held, again!]) {
        expect(rcodeOf(await client.ask('mail.alpha.example', 'A'))).toBe('NOERROR');
        client.close();
      }
    });
  });

  it('evicts the stalest connection when every place is taken: tricklers lock nobody out', async () => {
    await withResponder({ maxTcpConnections: 4, tcpIdleTimeoutMs: 60_000 }, async (responder) => {
      const tricklers = await Promise.all([1, 2, 3, 4].map(() => Client.open(responder.port)));
      // Each starts a query it never finishes.
      for (const trickler of tricklers) trickler.socket.write(Buffer.from([0x00, 0x40, 0x12]));
      await sleep(50);
      const newcomer = await Client.open(responder.port);
      expect(rcodeOf(await newcomer.ask('www.alpha.example', 'A'))).toBe('NOERROR');
      expect(await tricklers[0]!.until(() => tricklers.some((t) => t.closed))).toBe(true);
      expect(tricklers.filter((t) => t.closed)).toHaveLength(1);
      for (const client of [...tricklers, newcomer]) client.close();
    });
  });

  it('answers a query with two OPT records FORMERR, as RFC 6891 requires', async () => {
    await withResponder({}, async (responder) => {
      const client = await Client.open(responder.port);
      const opt = { type: 'OPT', name: '.', udpPayloadSize: 1232, flags: 0, options: [] } as const;
      const twice = dnsPacket.encode({
        type: 'query',
        id: 7,
        flags: dnsPacket.RECURSION_DESIRED,
        questions: [{ type: 'A', name: 'www.alpha.example' }],
        additionals: [opt, opt] as unknown as dnsPacket.Answer[],
      });
      client.socket.write(framed([twice]));
      expect(await client.until(() => client.answers.length > 0)).toBe(true);
      const answer = dnsPacket.decode(client.answers[0]!);
      expect(rcodeOf(answer)).toBe('FORMERR');
      client.close();
    });
  });

  it('closes a connection that trickles bytes without completing a query in time', async () => {
    await withResponder({ tcpIdleTimeoutMs: 300 }, async (responder) => {
      const trickler = await Client.open(responder.port);
      trickler.socket.write(Buffer.from([0xff, 0xff]));
      // One byte every 50 ms would keep resetting an inactivity timeout for ever.
      const trickle = setInterval(() => trickler.socket.write(Buffer.from([0])), 50);
      try {
        expect(await trickler.until(() => trickler.closed, 5000)).toBe(true);
      } finally {
        clearInterval(trickle);
      }
      expect(
        rcodeOf(await query({ host, port: responder.port }, 'tcp', 'www.alpha.example', 'A')),
      ).toBe('NOERROR');
    });
  });

  it('closes a busy connection once its lifetime is over', async () => {
    await withResponder({ tcpIdleTimeoutMs: 1000, tcpMaxLifetimeMs: 800 }, async (responder) => {
      const client = await Client.open(responder.port);
      // A complete query every 50 ms: never idle, yet its time is up.
      const busy = setInterval(() => {
        if (!client.closed) client.socket.write(framed([queryPacket('www.alpha.example', 'A')]));
      }, 50);
      try {
        expect(await client.until(() => client.closed, 5000)).toBe(true);
      } finally {
        clearInterval(busy);
      }
      expect(client.answers.length).toBeGreaterThan(0);
    });
  });

  it('closes a connection after answering its last allowed query', async () => {
    await withResponder({ maxTcpQueriesPerConnection: 5 }, async (responder) => {
      const client = await Client.open(responder.port);
      const queries = Array.from({ length: 8 }, () => queryPacket('www.alpha.example', 'A'));
      client.socket.write(framed(queries));
      expect(await client.until(() => client.closed)).toBe(true);
      expect(client.answers.map((answer) => answer.readUInt16BE(0))).toEqual(
        queries.slice(0, 5).map((message) => message.readUInt16BE(0)),
      );
    });
  });

  it('groups IPv6 clients by their /64 and IPv4-mapped ones as IPv4', () => {
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe(addressKey('2001:0db8:0001:0002::2'));
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
    expect(addressKey('2001:db8::1')).toBe(addressKey('2001:db8:0:0:ffff::'));
    expect(addressKey('::1')).toBe(addressKey('::2'));
    expect(addressKey('fe80::1%eth0')).toBe(addressKey('fe80::2'));
  });
});
