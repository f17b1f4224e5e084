import { randomBytes } from 'node:crypto';
import dgram from 'node:dgram';
import net from 'node:net';
import dnsPacket from 'dns-packet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MemoryZoneSource,
  dataOf,
  describeDnsAnswers,
  query,
  queryPacket,
  rcodeOf,
  suiteAuthority,
  suiteZones,
  tcpExchange,
  udpExchange,
} from './dns-answer-suite.test-support';
import { nodeSharesUdpPorts, startDnsResponder, type DnsResponder } from './dns-responder';
import { loadUdpBatchAddon } from './dns-udp-batch';

const host = '127.0.0.1';

// These suites ask from one address faster than a real resolver would (the garbage flood, polls
// every 10 ms): rate limiting, tested on its own below, would turn answers into slips and drops.
const rateLimit = false;

// The batched UDP socket (dns-udp-batch.c) where it is built, which CI requires (REQUIRE_NATIVE=1);
// Node's dgram sockets where it is not, and in the second run of the suite.
const batchAddon = loadUdpBatchAddon();
if (batchAddon instanceof Error && process.env.REQUIRE_NATIVE === '1') {
  throw new Error(
    `REQUIRE_NATIVE=1 but the batched UDP socket does not load: ${batchAddon.message}`,
  );
}
const defaultUdp = batchAddon instanceof Error ? 'dgram' : 'batched';

describe.each([
  [defaultUdp, false],
  ['dgram', true],
] as const)('taking UDP %s', (udp, dgramOnly) => {
  describeDnsAnswers('built-in DNS responder', async () => {
    const source = new MemoryZoneSource();
    const responder = await startDnsResponder({
      host,
      port: 0,
      source,
      authority: suiteAuthority,
      rateLimit,
      dgramOnly,
    });
    expect(responder.udp).toBe(udp);
    return {
      host,
      port: responder.port,
      async publish(zones) {
        source.set(zones);
      },
      close: () => responder.close(),
    };
  });
});

/** A responder of its own on `source`, as the robustness tests start them. */
const respondFrom = (source: MemoryZoneSource) =>
  startDnsResponder({ host, port: 0, source, authority: suiteAuthority, rateLimit });

/** Polls alpha.example's SOA until it names `serial`; fails with `failure` after `ms`. */
async function untilServed(port: number, serial: number, ms: number, failure: string) {
  const deadline = Date.now() + ms;
  for (;;) {
    const soa = await query({ host, port }, 'udp', 'alpha.example', 'SOA');
    if ((soa.answers![0] as dnsPacket.SoaAnswer).data.serial === serial) return;
    if (Date.now() > deadline) throw new Error(failure);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('built-in DNS responder, robustness', () => {
  const source = new MemoryZoneSource();
  let responder: DnsResponder;
  const server = () => ({ host, port: responder.port });

  beforeAll(async () => {
    source.set(suiteZones());
    responder = await startDnsResponder({
      host,
      port: 0,
      source,
      authority: suiteAuthority,
      rateLimit,
    });
  });
  afterAll(() => responder.close());

  it('drops malformed UDP packets and keeps answering', async () => {
    const valid = queryPacket('www.alpha.example', 'A');
    const garbage = [
      Buffer.alloc(0),
      Buffer.alloc(5),
      valid.subarray(0, 20),
      Buffer.concat([valid.subarray(0, 12), Buffer.from([0xc0, 0x0c, 0, 1, 0, 1])]),
      ...Array.from({ length: 300 }, (_, i) => randomBytes(1 + (i % 120))),
    ];
    const socket = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, host, resolve));
    for (const packet of garbage) socket.send(packet, responder.port, host);
    // Answers to random bytes are possible (they may parse as queries); none may break the server.
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.close();
    expect(dataOf((await query(server(), 'udp', 'www.alpha.example', 'A')).answers)).toEqual([
      '192.0.2.10',
      '192.0.2.11',
    ]);
    expect(await udpExchange(host, responder.port, valid.subarray(0, 20), 300)).toBeUndefined();
  });

  it('ignores responses and answers other opcodes with NOTIMP', async () => {
    const response = queryPacket('www.alpha.example', 'A');
    response[2] = response[2]! | 0x80;
    expect(await udpExchange(host, responder.port, response, 300)).toBeUndefined();
    const notify = queryPacket('www.alpha.example', 'A');
    notify[2] = (notify[2]! & 0x87) | (4 << 3);
    const answer = dnsPacket.decode((await udpExchange(host, responder.port, notify))!);
    expect(rcodeOf(answer)).toBe('NOTIMP');
  });

  it('closes a TCP connection that sends garbage, and stays up', async () => {
    for (let i = 0; i < 20; i++) {
      const junk = randomBytes(50 + i * 7);
      junk.writeUInt16BE(i % 2 ? 3 : junk.length - 2, 0);
      const answers = await tcpExchange(host, responder.port, [junk], 2000).catch(() => []);
      expect(answers.length).toBeLessThanOrEqual(1);
    }
    const closed = await new Promise<boolean>((resolve) => {
      const socket = net.connect(responder.port, host, () => socket.write(Buffer.from([0, 5, 1])));
      socket.on('close', () => resolve(true));
      socket.on('error', () => undefined);
    });
    expect(closed).toBe(true);
    expect(rcodeOf(await query(server(), 'tcp', 'www.alpha.example', 'A'))).toBe('NOERROR');
  });

  it('answers a query split across TCP segments', async () => {
    const message = queryPacket('mail.alpha.example', 'A');
    const framed = Buffer.concat([Buffer.from([0, message.length]), message]);
    const answer = await new Promise<Buffer>((resolve, reject) => {
      const socket = net.connect(responder.port, host, async () => {
        socket.setNoDelay(true);
        for (const byte of framed) {
          socket.write(Buffer.from([byte]));
          await new Promise((r) => setImmediate(r));
        }
      });
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.subarray(2));
      });
      socket.on('error', reject);
    });
    expect(dataOf(dnsPacket.decode(answer).answers)).toEqual(['192.0.2.25']);
  });

  it('rejects with a clear error when the port is taken', async () => {
    await expect(
      startDnsResponder({ host, port: responder.port, source, authority: suiteAuthority }),
    ).rejects.toThrow(`DNS port ${responder.port} (TCP) on ${host} is already in use`);
  });

  it('coalesces a burst of changes and keeps serving while the source fails', async () => {
    const burst = new MemoryZoneSource();
    burst.set(suiteZones());
    const own = await respondFrom(burst);
    try {
      const before = burst.loads;
      for (let i = 0; i < 50; i++) burst.set(suiteZones(100 + i));
      await untilServed(own.port, 149, 2000, 'the last change was not served');
      expect(burst.loads - before).toBeLessThanOrEqual(3);

      burst.failNext = 1;
      burst.set(suiteZones(200));
      await new Promise((resolve) => setTimeout(resolve, 100));
      // The failed load keeps the previous zones; the retry brings the new ones.
      const a = await query({ host, port: own.port }, 'udp', 'www.alpha.example', 'A');
      expect(rcodeOf(a)).toBe('NOERROR');
      await untilServed(own.port, 200, 3000, 'the retry did not serve the change');
    } finally {
      await own.close();
    }
  });

  it('loads the zones at most every 250 ms under a stream of changes, and serves the last', async () => {
    const stream = new MemoryZoneSource();
    stream.set(suiteZones());
    const own = await respondFrom(stream);
    try {
      const before = stream.loads;
      const started = performance.now();
      for (let i = 0; i < 60; i++) {
        stream.set(suiteZones(400 + i));
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await untilServed(own.port, 459, 3000, 'the last change was not served');
      // Loads start 250 ms apart however long the stream took (each change alone would load).
      const elapsed = performance.now() - started;
      expect(stream.loads - before).toBeLessThanOrEqual(Math.ceil(elapsed / 250) + 1);
    } finally {
      await own.close();
    }
  });

  it.runIf(nodeSharesUdpPorts())(
    'answers from two threads on one port, each following the changes',
    async () => {
      const shared = new MemoryZoneSource();
      shared.set(suiteZones(300));
      const two = await startDnsResponder({
        host,
        port: 0,
        source: shared,
        authority: suiteAuthority,
        rateLimit,
        threads: 2,
      });
      // 32 sockets, 32 source ports: the kernel gives both threads some (all on one: 2^-31).
      const serials = () =>
        Promise.all(
          Array.from({ length: 32 }, async () => {
            const soa = await query({ host, port: two.port }, 'udp', 'alpha.example', 'SOA');
            return (soa.answers![0] as dnsPacket.SoaAnswer).data.serial;
          }),
        );
      try {
        expect(new Set(await serials())).toEqual(new Set([300]));
        shared.set(suiteZones(301));
        const deadline = Date.now() + 3000;
        while (!(await serials()).every((serial) => serial === 301)) {
          if (Date.now() > deadline) throw new Error('a thread did not follow the change');
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        expect(
          rcodeOf(await query({ host, port: two.port }, 'tcp', 'www.alpha.example', 'A')),
        ).toBe('NOERROR');
      } finally {
        await two.close();
      }
    },
  );

  it('refuses other classes and zone transfers, and answers DS at a cut from the parent', async () => {
    const chaos = dnsPacket.encode({
      type: 'query',
      id: 7,
      questions: [{ name: 'version.bind', type: 'TXT', class: 'CH' }],
    });
    const answer = dnsPacket.decode((await udpExchange(host, responder.port, chaos))!);
    expect(rcodeOf(answer)).toBe('REFUSED');
    expect(rcodeOf(await query(server(), 'tcp', 'alpha.example', 'AXFR'))).toBe('REFUSED');
    const ds = await query(server(), 'udp', 'sub.alpha.example', 'DS');
    expect(ds.flag_aa).toBe(true);
    expect(ds.authorities?.map((record) => record.type)).toEqual(['SOA']);
  });
});

/** Sends `count` copies of `message` from `localAddress` at once; collects what comes back. */
describe.runIf(defaultUdp === 'batched')('built-in DNS responder, UDP taken in batches', () => {
  const source = new MemoryZoneSource();
  source.set(suiteZones());
  const start = (at: string, port = 0) =>
    startDnsResponder({ host: at, port, source, authority: suiteAuthority, rateLimit });

  it('answers 640 queries from 32 askers, 96 in flight, each its own answers, and frees its port', async () => {
    const responder = await start(host);
    const { port } = responder;
    const names = ['www.alpha.example', 'mail.alpha.example'];
    // Three in flight per asker: more than a batch at once, and fewer than the kernel's default
    // receive buffer holds (a client asking faster loses queries to any server and asks again).
    const askers = await Promise.all(
      Array.from({ length: 32 }, async (_, asker) => {
        const socket = dgram.createSocket('udp4');
        const ids = Array.from({ length: 20 }, (_, i) => asker * 20 + i);
        const answers = new Map<number, dnsPacket.DecodedPacket>();
        let sent = 0;
        const askNext = () => {
          const id = ids[sent++];
          if (id === undefined) return;
          const question = { name: names[id % 2]!, type: 'A' as const };
          socket.send(dnsPacket.encode({ type: 'query', id, questions: [question] }), port, host);
        };
        socket.on('message', (raw) => {
          const packet = dnsPacket.decode(raw);
          answers.set(packet.id!, packet);
          askNext();
        });
        await new Promise<void>((resolve) => socket.bind(0, host, resolve));
        for (let i = 0; i < 3; i++) askNext();
        return { socket, ids, answers };
      }),
    );
    try {
      const deadline = Date.now() + 5000;
      while (askers.some(({ answers }) => answers.size < 20) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      for (const { ids, answers } of askers) {
        expect([...answers.keys()].sort((a, b) => a - b)).toEqual(ids);
        for (const [id, packet] of answers) {
          expect(packet.questions![0]!.name).toBe(names[id % 2]);
          expect(dataOf(packet.answers)).toEqual(
            id % 2 ? ['192.0.2.25'] : ['192.0.2.10', '192.0.2.11'],
          );
        }
      }
    } finally {
      for (const { socket } of askers) socket.close();
      await responder.close();
    }
    // Its socket closed with it: the same port binds again at once.
    const again = await start(host, port);
    await again.close();
  });

  it('answers over IPv6', async () => {
    const responder = await start('::1');
    try {
      expect(responder.udp).toBe('batched');
      const answer = await query(
        { host: '::1', port: responder.port },
        'udp',
        'www.alpha.example',
        'AAAA',
      );
      expect(dataOf(answer.answers)).toEqual(['2001:db8::10']);
    } finally {
      await responder.close();
    }
  });
});

async function udpBurst(localAddress: string, port: number, message: Buffer, count: number) {
  const socket = dgram.createSocket('udp4');
  const answers: Buffer[] = [];
  socket.on('message', (answer) => answers.push(answer));
  await new Promise<void>((resolve) => socket.bind(0, localAddress, resolve));
  await Promise.all(
    Array.from(
      { length: count },
      () => new Promise((resolve) => socket.send(message, port, host, resolve)),
    ),
  );
  return {
    answers,
    /** Reads until 100 ms bring no more answers (the threads answer in parallel), then closes. */
    async drain() {
      for (let seen = -1; seen !== answers.length;) {
        seen = answers.length;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      socket.close();
      return answers;
    },
  };
}

/** One UDP query from `localAddress`; its answer, or undefined after 2 s. */
async function askFrom(localAddress: string, port: number, message: Buffer) {
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, localAddress, resolve));
  const answer = await new Promise<Buffer | undefined>((resolve) => {
    const timer = setTimeout(() => resolve(undefined), 2000);
    socket.once('message', (raw) => {
      clearTimeout(timer);
      resolve(raw);
    });
    socket.send(message, port, host);
  });
  socket.close();
  return answer;
}

describe('built-in DNS responder, response-rate limiting (UDP)', () => {
  const source = new MemoryZoneSource();
  let responder: DnsResponder;

  beforeAll(async () => {
    source.set(suiteZones());
    // The default limit: 20 answers a second per /24, slip 2.
    responder = await startDnsResponder({ host, port: 0, source, authority: suiteAuthority });
  });
  afterAll(() => responder.close());

  it('limits a burst from one /24 to drops and TC slips; another /24 and TCP get full answers', async () => {
    const asked = queryPacket('big.alpha.example', 'TXT', { edns: true });
    const started = performance.now();
    const burst = await udpBurst('127.0.0.1', responder.port, asked, 200);
    const other = await askFrom('127.0.1.1', responder.port, asked);
    const answers = (await burst.drain()).map((raw) => ({ raw, packet: dnsPacket.decode(raw) }));
    const seconds = (performance.now() - started) / 1000;

    const full = answers.filter(({ packet }) => !packet.flag_tc);
    const slips = answers.filter(({ packet }) => packet.flag_tc);
    expect(full.every(({ packet }) => dataOf(packet.answers).length === 3)).toBe(true);
    expect(full.length).toBeGreaterThanOrEqual(20);
    expect(full.length).toBeLessThanOrEqual(20 + Math.ceil(seconds * 20));
    // A slip is the question alone (and OPT), as small as the query; every second limited one.
    for (const { raw, packet } of slips) {
      expect(raw.length).toBe(asked.length);
      expect([packet.answers?.length, packet.questions?.[0]?.name]).toEqual([
        0,
        'big.alpha.example',
      ]);
    }
    expect(slips.length).toBeGreaterThanOrEqual(40);
    expect(slips.length).toBeLessThanOrEqual(Math.ceil((200 - 20) / 2));

    const bytesOut = answers.reduce((sum, { raw }) => sum + raw.length, 0);
    const unlimited = full[0]!.raw.length / asked.length;
    const factor = bytesOut / (200 * asked.length);
    console.log(
      `UDP burst of 200 × ${asked.length} bytes: ${full.length} answered (${full[0]!.raw.length} bytes, ` +
        `${unlimited.toFixed(1)}×), ${slips.length} slipped; amplification ${factor.toFixed(2)}×`,
    );
    expect(unlimited).toBeGreaterThan(15);
    expect(factor).toBeLessThan(3.5);

    const otherPacket = dnsPacket.decode(other!);
    expect([otherPacket.flag_tc, dataOf(otherPacket.answers).length]).toEqual([false, 3]);
    const overTcp = await query({ host, port: responder.port }, 'tcp', 'big.alpha.example', 'TXT');
    expect(dataOf(overTcp.answers).length).toBe(3);
  });
});
