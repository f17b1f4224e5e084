import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, logIn, until } from './support/api';
import { startBystander } from './support/bystander';
import {
  heldBy,
  FramedConnection,
  fuzzTcp,
  fuzzUdp,
  sleep,
  unsentTo,
  untilClosed,
  within,
} from './support/dns-attacks';
import {
  alternatingAsker,
  answerDeadlineMs,
  answersA,
  attackerAddress,
  connectFrom,
  framed,
  query,
  resetPeakRss,
  tcpExchange,
  udpExchange,
} from './support/dns-client';
import {
  ednsQuery,
  measureAmplification,
  printAmplifications,
  type Amplification,
} from './support/dns-amplification';
import { FuzzTally, malformedMessages } from './support/dns-fuzz';
import { figuresRow, printFigures, type AttackFigures } from './support/figures';
import { startMeridian, type MeridianProcess } from './support/meridian-process';

/*
 * The built-in DNS responder under abuse, on a really started server. Rows of the figures, for
 * DNS: requests = messages (or connections, for the connection attacks) the attacker sent;
 * 4xx = well-formed error answers (FORMERR, NXDOMAIN, NOTIMP, REFUSED, BADVERS), or connections
 * the server closed as it should (idle deadline, per-address cap); 5xx = SERVFAIL, answers that
 * are not well-formed DNS, no answer where one was owed, or connections left open past their
 * deadline; other = NOERROR answers. Messages dropped where nothing was owed are printed apart.
 * For the amplification floods, 4xx = answers rate limiting dropped or slipped (TC, no records)
 * and other = answers in full; their bytes are in a table of their own.
 */

const zone = 'reliability-dns.ca';
const www = `www.${zone}`;
const big = `big.${zone}`;
/** A TXT record whose answer to an EDNS query is 1,203 bytes, the issue's amplifier. */
const amp = `amp.${zone}`;
const ampText = 'a'.repeat(1135);
const wwwAddress = '192.0.2.10';
/** The responder's defaults (dns-responder.ts): idle deadline, connections per address. */
const idleDeadlineMs = 10_000;
const perAddressCap = 16;
/** The server's default UDP rate limit (MERIDIAN_DNS_RRL_RESPONSES_PER_SECOND). */
const answersPerSecond = 20;
/** Slack on top of a server deadline for a loaded 2-core machine. */
const marginMs = 5_000;
/** The generator's seed: a failure prints it with the message's index, so it reproduces. */
const seed = 0x5eed_d25;

let server: MeridianProcess;
const rows: AttackFigures[] = [];
const amplifications: [string, Amplification][] = [];

function fuzzRow(
  attack: string,
  requests: number,
  tally: FuzzTally,
  seen: { slowestMs: number },
): AttackFigures {
  const { answered4xx, answered5xx, other } = tally;
  return row(attack, requests, {
    answered4xx,
    answered5xx,
    other,
    bystanderSlowestMs: seen.slowestMs,
  });
}

function row(attack: string, requests: number, fields: Partial<AttackFigures>): AttackFigures {
  return figuresRow(server, attack, requests, fields);
}

/** Runs `attack` while the bystander asks `www A` over UDP and TCP from its own address. */
async function withBystander<T>(attack: () => Promise<T>) {
  const asker = alternatingAsker(server.dnsPort, www, wwwAddress);
  const watcher = startBystander(asker.ask);
  const result = await attack();
  const seen = await watcher.stop();
  const { udp, tcp } = asker.failed;
  console.log(`bystander: ${seen.asked} asked, ${udp} failed over UDP, ${tcp} over TCP`);
  return { result, seen, failedBy: asker.failed };
}

/** Waits until no connection from this host to the responder is open (a clean start). */
async function quiet(): Promise<void> {
  await until(async () => heldBy(server.dnsPort).size === 0, 'DNS connections to close');
}

/** The domain with `www A` and four TXT records of 4,000 characters at `big` (~16 KB answers). */
async function seedZone(): Promise<void> {
  const admin = await logIn(server.baseUrl);
  const domain = await json<{ uuid: string }>(server.baseUrl, admin, '/domain/name', 'POST', {
    domain_name: zone,
    email: `ops@${zone}`,
  });
  const add = (host: string, type: string, content: string) =>
    json(server.baseUrl, admin, '/domain/dns/user', 'POST', {
      domain_uuid: domain.uuid,
      domain: host,
      ttl: 300,
      type,
      content,
    });
  await until(async () => {
    const domains = await json<{ uuid: string; status: string }[]>(
      server.baseUrl,
      admin,
      '/domain/name',
    );
    return domains.find((item) => item.uuid === domain.uuid)?.status === 'success';
  }, `${zone} to be published`);
  await add('www', 'A', wwwAddress);
  await add('amp', 'TXT', ampText);
  for (const letter of 'wxyz') await add('big', 'TXT', letter.repeat(4000));
  await until(async () => {
    const asked = query(www, 'A');
    const txt = await tcpExchange(server.dnsPort, query(big, 'TXT'));
    return (
      answersA(asked, await udpExchange(server.dnsPort, asked), wwwAddress) &&
      (txt?.length ?? 0) > 16_000
    );
  }, `${zone} to be served`);
}

describe('DNS under abuse', () => {
  beforeAll(async () => {
    // The fuzzers check every owed answer, thousands a second from one address: rate limiting
    // (its own tests below, from other /24s) would drop them, so that address is exempt.
    server = await startMeridian({ MERIDIAN_DNS_RRL_EXEMPT: attackerAddress });
    await seedZone();
  });
  afterAll(async () => {
    printFigures('DNS under abuse', rows);
    printAmplifications(amplifications);
    await server?.stop();
  });

  it('keeps memory bounded when 16 connections pipeline 64 KB of TXT queries and never read', async () => {
    await quiet();
    const baselineMiB = server.memory().rssMiB;
    const peakReset = resetPeakRss(server.pid);
    const one = framed(query(big, 'TXT'));
    const perConnection = Math.floor(65_536 / one.length);
    const pipeline = Buffer.concat(Array.from({ length: perConnection }, () => one));
    const sockets: net.Socket[] = [];
    const opened = performance.now();
    const { seen, failedBy } = await withBystander(async () => {
      for (let i = 0; i < perAddressCap; i++) {
        const socket = connectFrom(server.dnsPort, attackerAddress);
        socket.pause(); // never read: the answers pile up in the server's and kernel's buffers
        socket.on('connect', () => socket.write(pipeline));
        sockets.push(socket);
      }
      await sleep(4_000);
    });
    const ports = sockets.map((socket) => socket.localPort ?? -1);
    // Unread connections hold no answer back for ever: the idle deadline ends them.
    const left = idleDeadlineMs + marginMs - (performance.now() - opened);
    const closedInMs = await untilClosed(server.dnsPort, ports, left);
    const closedAfterMs = closedInMs === undefined ? undefined : performance.now() - opened;
    // Answers a closed connection still queues live in kernel memory for as long as its client stays.
    await sleep(1_000);
    const unsentMiB = unsentTo(server.dnsPort, ports) / 2 ** 20;
    sockets.forEach((socket) => socket.destroy());
    const peakMiB = server.memory().peakMiB;
    console.log(
      `pipelining: RSS before ${baselineMiB.toFixed(0)} MiB, peak ${peakMiB.toFixed(0)} MiB ` +
        `(${peakReset ? 'during the attack' : 'since start'}); closed by the server ` +
        `${closedAfterMs === undefined ? 'not in time' : `${(closedAfterMs / 1000).toFixed(1)} s after opening`}, ` +
        `leaving ${unsentMiB.toFixed(1)} MiB of answers queued in the kernel`,
    );
    rows.push(
      row(`${sockets.length} TCP pipelining 64 KB, never reading`, perConnection * sockets.length, {
        answered4xx: closedAfterMs === undefined ? 0 : sockets.length,
        answered5xx: closedAfterMs === undefined ? sockets.length : 0,
        peakRssMiB: peakMiB,
        bystanderSlowestMs: seen.slowestMs,
      }),
    );
    expect(peakMiB - baselineMiB, 'RSS growth (MiB)').toBeLessThan(200);
    expect(closedAfterMs, 'unread connections closed by the idle deadline').toBeDefined();
    expect(failedBy, 'bystander failures').toEqual({ udp: 0, tcp: 0 });
    expect(seen.slowestMs).toBeLessThan(answerDeadlineMs);
    expect(server.exits()).toBe(0);
    expect(unsentMiB, 'MiB of answers queued for connections the server closed').toBeLessThan(1);
  });

  it('closes 256 connections that trickle a byte a second, and answers others meanwhile', async () => {
    await quiet();
    // 16 addresses with 16 each: the whole of the server's connections, none over the per-address cap.
    const addresses = Array.from({ length: 16 }, (_, i) => `127.0.1.${i + 1}`);
    const count = addresses.length * perAddressCap;
    const message = framed(query(www, 'A'));
    const closedAfter: number[] = [];
    let answered = 0;
    const opened = performance.now();
    const {
      result: allClosed,
      seen,
      failedBy,
    } = await withBystander(async () => {
      const sockets = Array.from({ length: count }, (_, i) => {
        const socket = connectFrom(server.dnsPort, addresses[i % addresses.length]!);
        let sent = 0;
        const trickle = () => {
          if (sent < message.length) socket.write(message.subarray(sent, ++sent));
        };
        const timer = setInterval(trickle, 1_000); // compressed from 3 s: the deadline ignores trickles
        socket.on('connect', trickle);
        socket.on('data', () => (answered += 1));
        socket.on('close', () => {
          clearInterval(timer);
          closedAfter.push(performance.now() - opened);
        });
        return socket;
      });
      const done = await within(() => closedAfter.length === count, idleDeadlineMs + marginMs);
      sockets.forEach((socket) => socket.destroy());
      return done;
    });
    const atOnce = closedAfter.filter((ms) => ms < 1_000).length;
    const [first, last] = [Math.min(...closedAfter), Math.max(...closedAfter)];
    console.log(
      `trickling: ${closedAfter.length} closed by the server, ${atOnce} of them at once; ` +
        `between ${(first / 1000).toFixed(1)} and ${(last / 1000).toFixed(1)} s after opening`,
    );
    const closedByServer = allClosed ? count : closedAfter.length;
    rows.push(
      row(`${count} TCP trickling a byte a second`, count, {
        answered4xx: closedByServer,
        answered5xx: count - closedByServer + answered,
        bystanderSlowestMs: seen.slowestMs,
      }),
    );
    expect(allClosed, `closed within ${idleDeadlineMs + marginMs} ms`).toBe(true);
    expect(answered, 'answers to queries never completed').toBe(0);
    // TCP failures here: trickling clients on a few addresses hold every one of the server's slots.
    expect(failedBy, 'bystander failures').toEqual({ udp: 0, tcp: 0 });
    expect(seen.slowestMs).toBeLessThan(answerDeadlineMs);
    expect(server.exits()).toBe(0);
  });

  it('answers or drops 12,000 malformed UDP messages as owed, without a crash', async () => {
    const messages = malformedMessages(seed, 12_000);
    const tally = new FuzzTally(seed);
    const started = performance.now();
    const { seen, failedBy } = await withBystander(() => fuzzUdp(server.dnsPort, messages, tally));
    const rate = messages.length / ((performance.now() - started) / 1000);
    console.log(tally.report(`malformed over UDP (${rate.toFixed(0)} messages/s)`));
    rows.push(fuzzRow(`${messages.length} malformed UDP messages`, messages.length, tally, seen));
    if (tally.defects > 0) console.log(['defects, first few:', ...tally.examples].join('\n  '));
    expect(tally.defectsByKind(), 'messages owed another treatment').toEqual({});
    expect(failedBy, 'bystander failures').toEqual({ udp: 0, tcp: 0 });
    expect(seen.slowestMs).toBeLessThan(answerDeadlineMs);
    expect(server.exits()).toBe(0);
  });

  it('answers or closes on 10,000 malformed TCP messages as owed, without a crash', async () => {
    const messages = malformedMessages(seed, 10_000);
    const tally = new FuzzTally(seed);
    const started = performance.now();
    const {
      result: opened,
      seen,
      failedBy,
    } = await withBystander(() => fuzzTcp(server.dnsPort, messages, tally));
    const rate = messages.length / ((performance.now() - started) / 1000);
    const title = `malformed over TCP (${rate.toFixed(0)} messages/s, ${opened} connections)`;
    console.log(tally.report(title));
    rows.push(fuzzRow(`${messages.length} malformed TCP messages`, messages.length, tally, seen));
    if (tally.defects > 0) console.log(['defects, first few:', ...tally.examples].join('\n  '));
    expect(tally.defectsByKind(), 'messages owed another treatment').toEqual({});
    expect(failedBy, 'bystander failures').toEqual({ udp: 0, tcp: 0 });
    expect(seen.slowestMs).toBeLessThan(answerDeadlineMs);
    expect(server.exits()).toBe(0);
  });

  it('closes connections past 16 from one address at once, and serves other addresses', async () => {
    await quiet();
    const extraCount = 8;
    const ask = async (connection: FramedConnection) => {
      const asked = query(www, 'A');
      const answer = await connection.exchange(asked);
      return answersA(asked, typeof answer === 'string' ? undefined : answer, wwwAddress);
    };
    const { result, seen, failedBy } = await withBystander(async () => {
      const held = await Promise.all(
        Array.from({ length: perAddressCap }, () => FramedConnection.open(server.dnsPort)),
      );
      const heldServed = await Promise.all(held.map(ask));
      const started = performance.now();
      const extras = await Promise.all(
        Array.from({ length: extraCount }, () => FramedConnection.open(server.dnsPort)),
      );
      const extrasServed = await Promise.all(extras.map(ask));
      const extrasClosed = await within(() => extras.every((extra) => extra.closed), 1_000);
      const closedInMs = performance.now() - started;
      await sleep(2_000); // the address's share stays taken while the bystander asks
      const stillServed = await Promise.all(held.map(ask));
      [...held, ...extras].forEach((connection) => connection.destroy());
      return { heldServed, extrasServed, extrasClosed, closedInMs, stillServed };
    });
    const served = result.heldServed.filter((ok, i) => ok && result.stillServed[i]).length;
    const refused = result.extrasClosed ? result.extrasServed.filter((ok) => !ok).length : 0;
    console.log(
      `per-address cap: ${served} of ${perAddressCap} served, ${refused} of ${extraCount} extra ` +
        `closed in ${result.closedInMs.toFixed(0)} ms`,
    );
    const attempted = perAddressCap + extraCount;
    rows.push(
      row(`${attempted} TCP from one address (cap ${perAddressCap})`, attempted, {
        answered4xx: refused,
        answered5xx: attempted - served - refused,
        other: served,
        bystanderSlowestMs: seen.slowestMs,
      }),
    );
    expect(served, 'connections within the cap served').toBe(perAddressCap);
    expect(refused, 'connections past the cap closed unanswered').toBe(extraCount);
    expect(failedBy, 'bystander failures').toEqual({ udp: 0, tcp: 0 });
    expect(seen.slowestMs).toBeLessThan(answerDeadlineMs);
  });

  /** Floods `amp TXT` over UDP from `from` while the bystander asks from its own /24. */
  async function amplify(flood: string, from: string, count: number, perTick: number) {
    const asked = ednsQuery(amp, 'TXT', 0x0a0a);
    const full = await tcpExchange(server.dnsPort, asked);
    expect(full?.length, 'bytes of the answer in full (over TCP)').toBe(1203);
    const probe = query(www, 'A');
    const { result, seen, failedBy } = await withBystander(() =>
      measureAmplification({
        port: server.dnsPort,
        from,
        message: asked,
        count,
        perTick,
        tickMs: 10,
        fullAnswerBytes: full!.length,
        probe: async () => answersA(probe, await udpExchange(server.dnsPort, probe), wwwAddress),
      }),
    );
    const { factor, answered, slipped, dropped } = result;
    amplifications.push([flood, result]);
    rows.push(
      row(`${flood}: amplification ${factor.toFixed(2)}×`, count, {
        answered4xx: slipped + dropped,
        other: answered,
        bystanderSlowestMs: seen.slowestMs,
      }),
    );
    expect(failedBy, 'bystander failures').toEqual({ udp: 0, tcp: 0 });
    expect(seen.slowestMs).toBeLessThan(answerDeadlineMs);
    return result;
  }

  it('answers a burst of 200 TXT queries from one /24 with under 4× their bytes, not 23.6×', async () => {
    // Faster than the issue's 0.2 s: less time for the limiter to credit, no socket overflow.
    const flood = '200 UDP queries of a 1,203-byte TXT, 50 every 10 ms';
    const burst = await amplify(flood, '127.0.3.1', 200, 50);
    // The rate's worth in full plus what the time taken credits; at most every second slipped.
    expect(burst.answered).toBeGreaterThanOrEqual(answersPerSecond);
    expect(burst.answered).toBeLessThanOrEqual(Math.ceil(answersPerSecond * (1 + burst.seconds)));
    expect(burst.slipped).toBeGreaterThan(0);
    expect(burst.slipped).toBeLessThanOrEqual(Math.ceil((200 - burst.answered) / 2));
    expect(burst.unlimitedFactor).toBeGreaterThan(23);
    expect(burst.factor).toBeLessThan(4);
  });

  it('answers a flood of 2,000 TXT queries at 1,000 a second with fewer bytes than it got', async () => {
    const flood = await amplify('2,000 UDP queries of it at 1,000 a second', '127.0.4.1', 2000, 10);
    // Past the first second's worth nothing is answered in full while the flood goes on.
    expect(flood.answered).toBeLessThanOrEqual(Math.ceil(answersPerSecond * 1.5));
    expect(flood.factor).toBeLessThan(1);
  });

  it('is still up after it all: no exit, /health and DNS answer', async () => {
    expect(server.exits()).toBe(0);
    expect((await fetch(`${server.baseUrl}/health`)).ok).toBe(true);
    const asked = query(www, 'A');
    expect(answersA(asked, await udpExchange(server.dnsPort, asked), wwwAddress)).toBe(true);
  });
});
