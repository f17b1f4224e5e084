// Queries per second of the built-in DNS responder and of PowerDNS Authoritative on this machine:
// the same zone, the same queries, the same load generator (dnsperf when installed, else a small
// UDP generator of our own). Both run ROUNDS times (default 3), alternating, so a busy moment of
// the machine falls on both; the median of the rounds' ratios is the figure (issue 41: goal
// ≥ 1.0×). Beside them in the same rounds: the responder taking UDP a packet at a time through
// Node's dgram (its path without the batched socket, dns-udp-batch.ts) and a bare Node echo.
// Prints figures; asserts nothing.
import { spawn } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { ensureNativeAddons } from '../scripts/build-native.mjs';
import { reportFigure } from './report';

const seconds = Number(process.env.SECONDS_PER_RUN ?? 5);
const warmUpSeconds = Number(process.env.WARM_UP_SECONDS ?? 1);
const records = Number(process.env.RECORDS ?? 100);
const rounds = Number(process.env.ROUNDS ?? 3);
const host = '127.0.0.1';

interface ZoneRecordLike {
  name: string;
  type: 'A' | 'AAAA' | 'TXT' | 'MX' | 'CNAME';
  ttl: number;
  content: string;
}
interface ZoneLike {
  apex: string;
  serial: number;
  records: ZoneRecordLike[];
}

const serverSrc = new URL('../apps/server/src/platform/dns/', import.meta.url);
const load = (file: string) => import(new URL(file, serverSrc).href);
const { startDnsResponder } = await load('dns-responder.ts');
const { startPowerDnsPublisher } = await load('powerdns-publisher.ts');
const { pdnsInstalled, startPowerDns } = await load('powerdns-process.test-support.ts');

const apex = 'bench.example';
const zone: ZoneLike = {
  apex,
  serial: 1,
  records: [
    ...Array.from({ length: records }, (_, i) => ({
      name: `host${i}.${apex}`,
      type: i % 10 === 9 ? ('AAAA' as const) : ('A' as const),
      ttl: 300,
      content: i % 10 === 9 ? `2001:db8::${i.toString(16)}` : `192.0.2.${i % 250}`,
    })),
    // In-zone CNAME chains of two links (no wildcards), which both servers follow in the answer.
    ...Array.from({ length: records / 10 }, (_, i) => [
      { name: `www${i}.${apex}`, type: 'CNAME' as const, ttl: 300, content: `edge${i}.${apex}` },
      { name: `edge${i}.${apex}`, type: 'CNAME' as const, ttl: 300, content: `host${i}.${apex}` },
    ]).flat(),
  ],
};
const authority = {
  nameservers: ['ns1.meridian-dns.example', 'ns2.meridian-dns.example'],
  hostmaster: 'hostmaster.meridian-dns.example',
  ttl: 300,
};
const source = {
  loadZones: async () => [zone],
  subscribe: () => () => {},
};

// Mostly positive answers, some CNAME chains, NODATA and NXDOMAIN, as a resolver would ask.
const queries: [string, string][] = [];
for (const record of zone.records) {
  if (record.type !== 'CNAME') queries.push([record.name, record.type]);
}
for (let i = 0; i < records / 10; i++) queries.push([`www${i}.${apex}`, 'A']);
for (let i = 0; i < records / 10; i++) queries.push([`host${i}.${apex}`, 'MX']);
for (let i = 0; i < records / 10; i++) queries.push([`missing${i}.${apex}`, 'A']);
queries.push([apex, 'SOA'], [apex, 'NS']);
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-dns-'));
const queryFile = path.join(workDir, 'queries.txt');
fs.writeFileSync(queryFile, queries.map(([name, type]) => `${name} ${type}`).join('\n') + '\n');

function which(binary: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    const candidate = path.join(dir, binary);
    if (fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}
const dnsperf = which('dnsperf');

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} exited ${code}:\n${output}`)),
    );
  });
}

/** Our own load generator: `concurrency` queries in flight from one UDP socket. */
async function udpLoad(port: number, durationSeconds: number, concurrency = 100): Promise<number> {
  const { encode } = (await import('dns-packet')).default;
  const packets = queries.map(([name, type], i) =>
    encode({ type: 'query', id: i, questions: [{ name, type: type as 'A' }] }),
  );
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, host, resolve));
  let answered = 0;
  let next = 0;
  const send = () => socket.send(packets[next++ % packets.length]!, port, host);
  socket.on('message', () => {
    answered++;
    send();
  });
  for (let i = 0; i < concurrency; i++) send();
  // Lost packets would stall a slot; top the window up every 100 ms.
  const topUp = setInterval(() => {
    for (let i = 0; i < 10; i++) send();
  }, 100);
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, durationSeconds * 1000));
  const qps = answered / ((performance.now() - started) / 1000);
  clearInterval(topUp);
  socket.close();
  return qps;
}

async function measure(port: number): Promise<{ qps: number; lost: string }> {
  if (dnsperf) {
    const args = ['-s', host, '-p', String(port), '-d', queryFile, '-c', '4', '-q', '200'];
    await run(dnsperf, [...args, '-l', String(warmUpSeconds)]);
    const output = await run(dnsperf, [...args, '-l', String(seconds)]);
    const qps = Number(/Queries per second:\s+([\d.]+)/.exec(output)?.[1] ?? NaN);
    const lost = /Queries lost:\s+(\d+ \([\d.]+%\))/.exec(output)?.[1] ?? '?';
    return { qps, lost };
  }
  await udpLoad(port, warmUpSeconds);
  return { qps: await udpLoad(port, seconds), lost: 'n/a' };
}

// The load generator asks from one address, far above the 20 answers a second rate limiting
// allows a /24: a rate no load reaches keeps the limiter's work in every answer measured while
// it limits nothing (PowerDNS has no rate limiting to switch off).
const unreachableRate = { responsesPerSecond: 1e9, windowSeconds: 15, slip: 2 };
ensureNativeAddons();
const startBuiltIn = (dgramOnly: boolean) =>
  startDnsResponder({
    host,
    port: 0,
    source,
    authority,
    rateLimit: unreachableRate,
    dgramOnly,
    // DNS_THREADS=1 measures one answering thread; unset, the responder's default.
    ...(process.env.DNS_THREADS ? { threads: Number(process.env.DNS_THREADS) } : {}),
  });
const builtIn = await startBuiltIn(false);
const packetAtATime = await startBuiltIn(true);
const pdns = pdnsInstalled ? await startPowerDns(undefined, 'bench-key') : undefined;
const publisher = pdns
  ? startPowerDnsPublisher({ apiUrl: pdns.apiUrl, apiKey: pdns.apiKey, source, authority })
  : undefined;
/**
 * The ceiling of Node's dgram path: a socket that only flips the query into a response and sends
 * it back, on a thread of its own as the responder's; the batched socket is not bound by it.
 */
async function startEcho(): Promise<{ port: number; close(): Promise<void> }> {
  const worker = new Worker(
    `const dgram = require('node:dgram');
     const { parentPort } = require('node:worker_threads');
     const socket = dgram.createSocket({ type: 'udp4', lookup: (a, o, cb) => cb(null, a, 4) });
     socket.on('message', (msg, remote) => { msg[2] |= 0x80; socket.send(msg, remote.port, remote.address); });
     socket.bind(0, '${host}', () => parentPort.postMessage(socket.address().port));
     parentPort.once('message', () => socket.close(() => process.exit(0)));`,
    { eval: true },
  );
  const port = await new Promise<number>((resolve) => worker.once('message', resolve));
  return {
    port,
    close: async () => {
      worker.postMessage('close');
      await new Promise((resolve) => worker.once('exit', resolve));
    },
  };
}

const echo = await startEcho();
const ours: { qps: number; lost: string }[] = [];
const theirs: { qps: number; lost: string }[] = [];
const echoes: { qps: number; lost: string }[] = [];
const dgrams: { qps: number; lost: string }[] = [];
try {
  await publisher?.sync();
  for (let round = 0; round < rounds; round++) {
    ours.push(await measure(builtIn.port));
    if (pdns) theirs.push(await measure(pdns.dnsPort));
    dgrams.push(await measure(packetAtATime.port));
    echoes.push(await measure(echo.port));
  }
} finally {
  await echo.close();
  await builtIn.close();
  await packetAtATime.close();
  await publisher?.close();
  await pdns?.stop();
}
if (!pdns)
  console.log('PowerDNS is not installed (apt-get install pdns-server pdns-backend-sqlite3)');
fs.rmSync(workDir, { recursive: true, force: true });

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(
  `DNS: ${zone.records.length} records, ${queries.length} distinct queries, ${rounds} alternating ` +
    `rounds of ${seconds} s per side after ${warmUpSeconds} s warm-up, load generator: ` +
    `${dnsperf ? 'dnsperf -c 4 -q 200' : 'built-in UDP (100 in flight)'}; the responder takes UDP ` +
    `${builtIn.udp === 'batched' ? 'in batches (dns-udp-batch.c)' : 'a packet at a time (the batched socket is not built)'}`,
);
const ratios = theirs.map((their, round) => ours[round]!.qps / their.qps);
for (let round = 0; round < rounds; round++) {
  const mine = ours[round]!;
  const their = theirs[round];
  console.log(
    `  round ${round + 1}: built-in ${mine.qps.toFixed(0).padStart(7)} q/s (lost ${mine.lost})` +
      (their
        ? `   PowerDNS ${their.qps.toFixed(0).padStart(7)} q/s (lost ${their.lost})   ratio ${ratios[round]!.toFixed(2)}×`
        : '') +
      `   packet at a time ${dgrams[round]!.qps.toFixed(0).padStart(7)} q/s` +
      `   Node echo ${echoes[round]!.qps.toFixed(0).padStart(7)} q/s`,
  );
}
// PowerDNS answering the same queries with the same load generator is the anchor.
const powerDnsAnchor =
  theirs.length > 0
    ? { anchor: { name: 'PowerDNS', value: median(theirs.map((run) => run.qps)) } }
    : {};
reportFigure({
  figure: `DNS built-in responder (${zone.records.length} records): queries/s, median of ${rounds}`,
  value: median(ours.map((run) => run.qps)),
  unit: 'q/s',
  better: 'higher',
  goal: { value: 1, vsAnchor: true },
  ...powerDnsAnchor,
});
// The responder on Node's dgram sockets, as it answers where the batched socket is not built.
reportFigure({
  figure: 'DNS built-in responder, a packet at a time (Node dgram), median',
  value: median(dgrams.map((run) => run.qps)),
  unit: 'q/s',
  better: 'higher',
  ...powerDnsAnchor,
});
// What Node's dgram path allows on this machine, beside what the responder makes of it.
reportFigure({
  figure: 'DNS: a Node dgram socket that only echoes (the dgram ceiling here), median',
  value: median(echoes.map((run) => run.qps)),
  unit: 'q/s',
  better: 'higher',
  ...powerDnsAnchor,
});
if (ratios.length > 0) {
  const ratio = median(ratios);
  console.log(
    `  median ratio built-in / PowerDNS: ${ratio.toFixed(2)}× (goal ≥ 1.0×) ${ratio >= 1 ? 'met' : 'NOT met'}`,
  );
}
console.log(
  `  load average ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')} on ${os.cpus().length} cores`,
);
