// `npm run bench:capacity` (issue 41 item 4): the knee of one install. One user's data grows in
// STEPS (apps; default 1,000, 2,500, 5,000, 10,000) on PostgreSQL (a throwaway database): per
// app 2 versions and 5 deployments (one per member of a five-datacenter smart cluster), 10 DNS
// records (100 per domain, one domain per 10 apps), and one smart cluster per 10 apps, all rows
// copied from one smart cluster and one app made through the API. At each step the control plane
// (the bundle `npm start` loads, in a process of its own, with the production defaults: traffic
// sampling every 10 s and so on) starts afresh on that database, SOCKETS live socket.io clients
// of the user connect and stay, and the step measures the time from spawn to /health, the
// console pages' p99 at CONNECTIONS (50) beside `GET /auth/session`, the built-in DNS server's
// queries per second (dnsperf) and the server's RSS. One table per step, then the first step
// where a goal breaks and what broke it. Prints figures; asserts nothing.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { logIn } from '../reliability/support/api';
import { printTable } from '../reliability/support/figures';
import { admin, freePort } from '../reliability/support/meridian-process';
import { startedSocket, type LiveSocket } from '../reliability/support/sockets';
import { ensureServerBundle } from '../scripts/build-server.mjs';
import {
  appTemplateRows,
  withScratchDatabase,
  autocannon,
  baselinePath,
  connections,
  copyApps,
  durationSeconds,
  insertInChunks,
  loadServerSchema,
  server,
  waitFor,
  type BenchDatabase,
  type LoadResult,
  type Row,
  type Session,
} from './list-load';
import { reportFigure } from './report';

const postgresUrl =
  process.env.TEST_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const numbers = (text: string) => text.split(',').map(Number).filter(Boolean);
const steps = numbers(process.env.STEPS ?? '1000,2500,5000,10000');
const socketSteps = numbers(process.env.SOCKETS ?? '200,500,1000,2000');
const dnsSeconds = Number(process.env.DNS_SECONDS ?? 5);
// A fresh start's first traffic-sampling round looks back a whole day (docs/scale.md), and the
// pages are the steady state's: the load waits past it (and past the sockets' handshakes).
const settleSeconds = Number(process.env.SETTLE_SECONDS ?? 15);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const secretKey = 'bench-capacity-secret-key';
// One deployment per member cluster (an app runs at most one per member): five members, five.
const datacenters = ['ca-montreal', 'ca-toronto', 'ca-vancouver', 'us-virginia', 'us-oregon'];
const appsPerDomain = 10;
const appsPerSmartCluster = 10;
const recordsPerApp = 10;
// Every table of the schema: list-load's `server.schema` names only the ones the list benches use.
const tables = await loadServerSchema();

/**
 * Pages p99 ≤ 100 ms (the console lists' goal, bench:lists and bench:apps; bench:rounds' for
 * `GET /auth/session`) and a start with existing data ≤ 1 s (docs/scale.md): the project's goals.
 * No goal is written down for DNS queries per second at a size or for memory: the bench holds DNS
 * to 0.8× its first step (a knee is where it stops being flat) and RSS to 1 GiB, its own two.
 */
const goals = {
  pageP99Ms: 100,
  startMs: 1000,
  dnsHold: Number(process.env.DNS_HOLD ?? 0.8),
  rssMiB: Number(process.env.RSS_GOAL_MIB ?? 1024),
};

// What the console asks for: its apps sidebar, clusters page and domains page (bench:apps, lists).
const pages = [
  { name: `GET ${baselinePath}`, url: baselinePath, page: false },
  {
    name: 'apps summary page',
    url: '/meridian/v1/kube/apps/summary?sort=created&limit=60&offset=0',
    page: true,
  },
  {
    name: 'smart clusters page',
    url:
      '/cluster/smart_clusters/page?limit=30&offset=0&modes=AUTOMATIC,MANUAL' +
      '&statuses=creating,deleting,failure,success,updating',
    page: true,
  },
  { name: 'domains page', url: '/domain/name/page?limit=50&offset=0', page: true },
] as const;

/** A control plane process: where it answers, and how long it took to answer /health. */
interface Install {
  child: ChildProcess;
  base: string;
  dnsPort: number;
  startMs: number;
  output: () => string;
}

/**
 * The bundle on the step's database, timed from spawn until /health answers (polled every 20 ms,
 * as bench:startup does; startMeridian polls every 250 ms, too coarse for a 1 s goal).
 */
async function startInstall(env: Record<string, string>): Promise<Install> {
  const bundle = await ensureServerBundle();
  const [port, dnsPort] = [await freePort(), await freePort()];
  let log = '';
  const started = performance.now();
  const child = spawn(process.execPath, [bundle], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      MERIDIAN_DNS_PORT: String(dnsPort),
      MERIDIAN_DNS_HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${log}`);
    if (Date.now() > deadline) throw new Error(`no answer from /health in 120 s:\n${log}`);
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const startMs = performance.now() - started;
  return { child, base, dnsPort, startMs, output: () => log };
}

async function stopInstall({ child }: Install): Promise<void> {
  const running = () => child.exitCode === null && child.signalCode === null;
  if (!running()) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  if (running()) child.kill('SIGKILL');
}

/** Resident memory now and its peak so far (VmRSS, VmHWM), in MiB. */
function memoryOf(pid: number): { rssMiB: number; peakMiB: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMiB: kib('VmRSS') / 1024, peakMiB: kib('VmHWM') / 1024 };
}

type Template = Awaited<ReturnType<typeof appTemplateRows>>;

const domainName = (domain: number) => `cap-${domain}.example.ca`;
const appHost = (app: number) => `app-${app}.${domainName(Math.floor(app / appsPerDomain))}`;

/** An app's ten records, as a small site has them: addresses, a CNAME, mail, SPF and DMARC. */
function recordsOf(app: number): Omit<Row, 'domainId' | 'userId'>[] {
  const host = appHost(app);
  const octet = (app % 250) + 1;
  const records: [string, string, string][] = [
    [host, 'A', `192.0.2.${octet}`],
    [host, 'A', `198.51.100.${octet}`],
    [host, 'AAAA', `2001:db8::${app.toString(16)}`],
    [`www.${host}`, 'CNAME', host],
    [`api.${host}`, 'A', `203.0.113.${octet}`],
    [`api.${host}`, 'AAAA', `2001:db8:1::${app.toString(16)}`],
    [host, 'MX', `10 mail.${host}`],
    [`mail.${host}`, 'A', `192.0.2.${octet}`],
    [host, 'TXT', 'v=spf1 mx -all'],
    [`_dmarc.${host}`, 'TXT', 'v=DMARC1; p=none'],
  ];
  return records.map(([name, type, content]) => ({ name, type, content, ttl: 300 }));
}

/**
 * Grows the data from `from` apps to `to` by inserting copied rows: apps (with versions and
 * deployments), a smart cluster per 10 apps (the template is the first), a domain per 10 apps
 * and the apps' records. `domainIds` remembers the domains made, for later steps' records.
 */
async function grow(
  database: BenchDatabase,
  template: Template,
  domainIds: string[],
  from: number,
  to: number,
): Promise<void> {
  await copyApps(database, template, from, to);
  const { orderKey: _orderKey, ...smartColumns } = template.smartCluster;
  const smartRows: Row[] = [];
  const memberRows: Row[] = [];
  const domainRows: Row[] = [];
  const recordRows: Row[] = [];
  const userId = template.app.userId;
  for (let app = from; app < to; app++) {
    if (app % appsPerSmartCluster === 0 && app > 0) {
      const id = randomUUID();
      smartRows.push({ ...smartColumns, id, name: `bench-${app / appsPerSmartCluster}` });
      for (const member of template.members) {
        memberRows.push({ ...member, id: randomUUID(), smartClusterId: id });
      }
    }
    const domain = Math.floor(app / appsPerDomain);
    if (domainIds[domain] === undefined) {
      domainIds[domain] = randomUUID();
      domainRows.push({
        id: domainIds[domain],
        userId,
        domainName: domainName(domain),
        status: 'success',
      });
    }
    for (const record of recordsOf(app))
      recordRows.push({ ...record, domainId: domainIds[domain], userId });
  }
  await insertInChunks(database.db, tables.smartClusters, smartRows);
  await insertInChunks(database.db, tables.clusters, memberRows);
  await insertInChunks(database.db, tables.domains, domainRows);
  await insertInChunks(database.db, tables.dnsRecords, recordRows);
  // A running install's autovacuum would have analysed the grown tables by now.
  if (database.driver.kind === 'postgres') await database.driver.pool.query('ANALYZE');
}

/**
 * `count` sockets of the user, started as the console starts them, 100 handshakes at a time. A
 * handshake the server does not answer within 5 s is counted, not retried: that is a figure.
 */
async function openSockets(base: string, session: Session, count: number) {
  const who = {
    userId: session.userId,
    token: session.headers.authorization!.slice('Bearer '.length),
  };
  const sockets: LiveSocket[] = [];
  const errors: string[] = [];
  const started = performance.now();
  for (let asked = 0; asked < count; asked += 100) {
    const batch = Array.from({ length: Math.min(100, count - asked) }, () =>
      startedSocket(base, who),
    );
    for (const settled of await Promise.allSettled(batch)) {
      if (settled.status === 'fulfilled') sockets.push(settled.value);
      else errors.push(settled.reason instanceof Error ? settled.reason.message : 'refused');
    }
  }
  return { sockets, errors, connectMs: performance.now() - started };
}

/** Each page under load in turn: a short unmeasured run first (JIT, caches, connections). */
async function measurePages(base: string, session: Session) {
  const results: { name: string; page: boolean; result: LoadResult }[] = [];
  for (const { name, url, page } of pages) {
    await autocannon(`${base}${url}`, session, 2);
    results.push({
      name,
      page,
      result: await autocannon(`${base}${url}`, session, durationSeconds),
    });
  }
  return results;
}

function which(binary: string): string | undefined {
  return (process.env.PATH ?? '')
    .split(':')
    .map((dir) => path.join(dir, binary))
    .find((candidate) => fs.existsSync(candidate));
}
const dnsperf = which('dnsperf');

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} exited ${code}:\n${output}`)),
    );
  });
}

/** What a resolver would ask of the step's zones: answers, a CNAME chain, MX, TXT, NXDOMAIN. */
function writeQueries(file: string, apps: number): void {
  const lines: string[] = [];
  for (let app = 0; app < apps; app++) {
    const host = appHost(app);
    lines.push(`${host} A`, `${host} AAAA`, `www.${host} A`, `api.${host} AAAA`);
    lines.push(
      `${host} MX`,
      `_dmarc.${host} TXT`,
      `missing-${app}.${domainName(Math.floor(app / appsPerDomain))} A`,
    );
  }
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
}

/**
 * Resolves once the install's DNS server answers for the step's last app: the zones load after
 * /health, and the pages are measured after that start-up work, not beside it.
 */
async function zonesServed(port: number, apps: number): Promise<void> {
  const resolver = new Resolver({ timeout: 1000, tries: 1 });
  resolver.setServers([`127.0.0.1:${port}`]);
  await waitFor('the zones to be served', async () => {
    try {
      return (await resolver.resolve4(appHost(apps - 1))).length > 0 ? true : undefined;
    } catch {
      return undefined;
    }
  });
}

/** Queries per second of the install's built-in DNS server, with dnsperf as bench:dns runs it. */
async function measureDns(port: number, apps: number, workDir: string) {
  if (!dnsperf) return undefined;
  const queryFile = path.join(workDir, 'queries.txt');
  writeQueries(queryFile, apps);
  const args = ['-s', '127.0.0.1', '-p', String(port), '-d', queryFile, '-c', '4', '-q', '200'];
  await run(dnsperf, [...args, '-l', '1']);
  const output = await run(dnsperf, [...args, '-l', String(dnsSeconds)]);
  return {
    qps: Number(/Queries per second:\s+([\d.]+)/.exec(output)?.[1] ?? NaN),
    lost: /Queries lost:\s+(\d+ \([\d.]+%\))/.exec(output)?.[1] ?? '?',
  };
}

interface Step {
  apps: number;
  sockets: number;
  seedSeconds: number;
}

/**
 * The deployment samples stored: counted before and after the step measures, whether traffic
 * rounds wrote while it did (each writes one per deployment; on a large install a round is
 * paced and spaced out, so it may run through the window or not at all).
 */
async function samplesStored(database: BenchDatabase): Promise<number> {
  if (database.driver.kind !== 'postgres') return NaN;
  // The pool's own type stays behind BenchDatabase's; this query's row is known.
  const { rows } = (await database.driver.pool.query(
    'SELECT count(*)::int AS samples FROM deployment_metrics',
  )) as { rows: { samples: number }[] };
  return rows[0]?.samples ?? 0;
}

/** One step's measurements on a fresh start of the install; sockets held until the end. */
async function measureStep(
  env: Record<string, string>,
  step: Step,
  workDir: string,
  database: BenchDatabase,
) {
  const install = await startInstall(env);
  let live: LiveSocket[] = [];
  try {
    await zonesServed(install.dnsPort, step.apps);
    const session = await logIn(install.base);
    const opened = await openSockets(install.base, session, step.sockets);
    live = opened.sockets;
    await new Promise((resolve) => setTimeout(resolve, settleSeconds * 1000));
    const [measuring, samplesBefore] = [performance.now(), await samplesStored(database)];
    const loads = await measurePages(install.base, session);
    const dns = await measureDns(install.dnsPort, step.apps, workDir);
    return {
      measuredSeconds: (performance.now() - measuring) / 1000,
      samples: (await samplesStored(database)) - samplesBefore,
      ...step,
      startMs: install.startMs,
      connectMs: opened.connectMs,
      failedSockets: opened.errors,
      loads,
      dns,
      memory: memoryOf(install.child.pid!),
      // Counted before this bench closes them: any gone now was cut or lost under the load.
      dropped: live.filter((socket) => socket.disconnectedAt !== undefined).length,
    };
  } catch (error) {
    console.error(`the server's last output:\n${install.output()}`);
    throw error;
  } finally {
    for (const socket of live) socket.socket.close();
    await stopInstall(install);
  }
}

type Measured = Awaited<ReturnType<typeof measureStep>>;

interface Check {
  figure: string;
  value: string;
  goal: string;
  met?: boolean;
}

const count = (value: number) => value.toLocaleString('en-CA');
const ms = (value: number) => `${count(Math.round(value))} ms`;

/** What a step is compared with: the first step's DNS rate, a start before any app was copied. */
interface Reference {
  apps: number;
  qps?: number;
  noAppsStartMs: number;
}

/** A step's figures beside their goals. */
function checksOf(step: Measured, reference: Reference): Check[] {
  const checks: Check[] = step.loads.map(({ name, page, result }) => {
    const failed = result.errors + result.timeouts + result.non2xx;
    const value =
      `p99 ${ms(result.latency.p99)} (p50 ${ms(result.latency.p50)}, ` +
      `${count(Math.round(result.requests.average))} req/s${failed ? `, ${failed} failed` : ''})`;
    return {
      figure: name,
      value,
      // The bare route's goal is bench:rounds' (the install never stalls): over it, the whole
      // server is slow, not one page's queries.
      goal: `p99 ≤ ${goals.pageP99Ms} ms, 0 failed${page ? '' : ' (anchor)'}`,
      met: result.latency.p99 <= goals.pageP99Ms && failed === 0 && result.requests.total > 0,
    };
  });
  checks.push({
    figure: 'start to /health',
    value: `${ms(step.startMs)} (no apps: ${ms(reference.noAppsStartMs)})`,
    goal: `≤ ${ms(goals.startMs)}`,
    met: step.startMs <= goals.startMs,
  });
  checks.push({
    figure: 'live sockets held',
    value:
      `${count(step.sockets - step.failedSockets.length - step.dropped)} of ` +
      `${count(step.sockets)} (connected in ${ms(step.connectMs)}` +
      (step.failedSockets.length
        ? `; ${count(step.failedSockets.length)} not connected: ${step.failedSockets[0]})`
        : ')'),
    goal: 'all',
    met: step.dropped === 0 && step.failedSockets.length === 0,
  });
  const floor = reference.qps === undefined ? undefined : reference.qps * goals.dnsHold;
  checks.push({
    figure: 'DNS queries/s (built-in)',
    value: step.dns
      ? `${count(Math.round(step.dns.qps))} q/s (lost ${step.dns.lost})`
      : 'skipped: no dnsperf',
    goal:
      floor === undefined ? '-' : `≥ ${goals.dnsHold}× first step (${count(Math.round(floor))})`,
    met: step.dns && floor !== undefined ? step.dns.qps >= floor : undefined,
  });
  const deployments = step.apps * datacenters.length;
  checks.push({
    figure: 'traffic samples meanwhile',
    value:
      `${count(step.samples)} in ${step.measuredSeconds.toFixed(0)} s ` +
      `(${(step.samples / deployments).toFixed(1)} rounds of ${count(deployments)} deployments)`,
    goal: '-',
  });
  checks.push({
    figure: 'server RSS',
    value: `${count(Math.round(step.memory.rssMiB))} MiB (peak ${count(Math.round(step.memory.peakMiB))} MiB)`,
    goal: `peak ≤ ${count(goals.rssMiB)} MiB`,
    met: step.memory.peakMiB <= goals.rssMiB,
  });
  return checks;
}

function sizeOf(apps: number): string {
  return (
    `${count(apps)} apps, ${count(apps * datacenters.length)} deployments, ` +
    `${count(apps * recordsPerApp)} DNS records (${count(Math.ceil(apps / appsPerDomain))} domains), ` +
    `${count(Math.ceil(apps / appsPerSmartCluster))} smart clusters`
  );
}

function printStep(index: number, step: Measured, checks: Check[]): void {
  const verdict = (met?: boolean) => (met === undefined ? '' : met ? 'met' : 'NOT met');
  printTable(
    `Step ${index + 1}: ${sizeOf(step.apps)}, ${count(step.sockets)} live sockets ` +
      `(grown in ${step.seedSeconds.toFixed(1)} s)`,
    ['figure', 'value', 'goal', ''],
    checks.map((check) => [check.figure, check.value, check.goal, verdict(check.met)]),
    3,
  );
}

/** The step's figures for `npm run bench`'s table, named by the step's size. */
function reportStep(step: Measured, reference: Reference): void {
  const prefix = `capacity ${step.apps} apps, ${step.sockets} sockets:`;
  const anchor = step.loads[0]!.result;
  for (const { name, page, result } of step.loads) {
    reportFigure({
      figure: `${prefix} ${name} p99 (${connections} connections)`,
      value: result.latency.p99,
      unit: 'ms',
      better: 'lower',
      ...(page ? { anchor: { name: `GET ${baselinePath}`, value: anchor.latency.p99 } } : {}),
      goal: { value: goals.pageP99Ms },
    });
  }
  reportFigure({
    figure: `${prefix} start to /health`,
    value: step.startMs,
    unit: 'ms',
    better: 'lower',
    anchor: { name: 'no apps', value: reference.noAppsStartMs },
    goal: { value: goals.startMs },
  });
  if (step.dns) {
    reportFigure({
      figure: `${prefix} DNS queries/s (built-in)`,
      value: step.dns.qps,
      unit: 'q/s',
      better: 'higher',
      ...(reference.qps === undefined
        ? {}
        : { anchor: { name: `${reference.apps} apps`, value: reference.qps } }),
      goal: { value: goals.dnsHold, vsAnchor: true },
    });
  }
  reportFigure({
    figure: `${prefix} server peak RSS`,
    value: step.memory.peakMiB,
    unit: 'MiB',
    better: 'lower',
    goal: { value: goals.rssMiB },
  });
}

/** All steps side by side, then where the first goal broke and which figures broke it. */
function printSummary(results: { step: Measured; checks: Check[] }[]): void {
  const lines = results.map(({ step, checks }) => {
    const worst = Math.max(
      ...step.loads.filter((load) => load.page).map((load) => load.result.latency.p99),
    );
    const broken = checks.filter((check) => check.met === false).map((check) => check.figure);
    return [
      count(step.apps),
      count(step.sockets),
      ms(step.loads[0]!.result.latency.p99),
      ms(worst),
      ms(step.startMs),
      step.dns ? count(Math.round(step.dns.qps)) : '-',
      `${count(Math.round(step.memory.peakMiB))} MiB`,
      broken.join(', ') || 'none',
    ];
  });
  printTable(
    `Capacity of one install on PostgreSQL, ${os.cpus().length} cores, ${connections} connections × ${durationSeconds} s per page`,
    [
      'apps',
      'sockets',
      'session p99',
      'worst page p99',
      'start',
      'DNS q/s',
      'peak RSS',
      'goals broken',
    ],
    lines,
  );
  const first = results.find(({ checks }) => checks.some((check) => check.met === false));
  if (!first) {
    console.log(`No goal broke up to the largest step (${sizeOf(results.at(-1)!.step.apps)}).`);
    return;
  }
  const broken = first.checks.filter((check) => check.met === false);
  console.log(
    `First goal broken at ${sizeOf(first.step.apps)}, ${count(first.step.sockets)} sockets: ` +
      broken.map((check) => `${check.figure} ${check.value} (goal ${check.goal})`).join('; '),
  );
  printEachGoal(results);
}

/** Where each goal first broke: a goal broken from the first step hides the ones behind it. */
function printEachGoal(results: { step: Measured; checks: Check[] }[]): void {
  const figures = results[0]!.checks.filter((check) => check.met !== undefined);
  for (const { figure, goal } of figures) {
    const at = results.find(({ checks }) =>
      checks.some((check) => check.figure === figure && check.met === false),
    );
    console.log(
      `  ${figure} (${goal}): ` +
        (at
          ? `first broken at ${count(at.step.apps)} apps, ${count(at.step.sockets)} sockets`
          : `held up to ${count(results.at(-1)!.step.apps)} apps`),
    );
  }
}

/** The template through the API on a first start, then each step: grow, start, measure. */
async function runSteps(database: BenchDatabase, env: Record<string, string>, workDir: string) {
  const first = await startInstall(env);
  let template: Template;
  try {
    template = await appTemplateRows(first.base, await logIn(first.base), database, {
      name: 'bench-capacity',
      datacenters,
    });
  } finally {
    await stopInstall(first);
  }
  // A start before any app is copied (the first one also made the admin): the start's anchor.
  const bare = await startInstall(env);
  await stopInstall(bare);
  const noAppsStartMs = bare.startMs;
  const domainIds: string[] = [];
  const results: { step: Measured; checks: Check[] }[] = [];
  let grown = 0;
  for (const [index, apps] of steps.entries()) {
    const started = performance.now();
    await grow(database, template, domainIds, grown, apps);
    grown = apps;
    const sockets = socketSteps[index] ?? socketSteps.at(-1) ?? 0;
    const seedSeconds = (performance.now() - started) / 1000;
    const step = await measureStep(env, { apps, sockets, seedSeconds }, workDir, database);
    const firstStep = results[0]?.step ?? step;
    const reference = { apps: firstStep.apps, qps: firstStep.dns?.qps, noAppsStartMs };
    const checks = checksOf(step, reference);
    printStep(index, step, checks);
    reportStep(step, reference);
    results.push({ step, checks });
  }
  if (!dnsperf)
    console.log('dnsperf is not installed (apt-get install dnsperf): DNS was not measured');
  printSummary(results);
}

async function main(): Promise<void> {
  if (steps.some((apps, index) => index > 0 && apps <= steps[index - 1]!)) {
    throw new Error(`STEPS must grow: ${steps.join(',')}`);
  }
  console.log(
    `capacity: steps of ${steps.join(', ')} apps with ${socketSteps.join(', ')} live sockets, ` +
      `${os.cpus().length} CPUs (load average ${os.loadavg()[0]!.toFixed(2)} at start)`,
  );
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-capacity-'));
  // The install's data dir (local CA, the simulated clusters) outlives each restart, as on a host.
  const dataDir = path.join(workDir, 'data');
  try {
    await withScratchDatabase(postgresUrl, 'bench_capacity', async (databaseUrl) => {
      const env = {
        DATABASE_URL: databaseUrl,
        MERIDIAN_DATA_DIR: dataDir,
        MERIDIAN_ADMIN_USER: admin.username,
        MERIDIAN_ADMIN_PASSWORD: admin.password,
        MERIDIAN_SECRET_KEY: secretKey,
        MERIDIAN_SIM_TIME_SCALE: '0',
        // The simulated Kubernetes API keeps one port across restarts (kubeconfigs name it),
        // and not 6443, which another server on this machine may hold.
        MERIDIAN_SIM_KUBE_PORT: String(await freePort()),
        // dnsperf asks from one address, far above the 20 answers a second a /24 is allowed: a
        // rate no load reaches keeps the limiter's work in each answer and limits nothing.
        MERIDIAN_DNS_RRL_RESPONSES_PER_SECOND: '100000',
        LOG_LEVEL: 'warn',
      };
      const database = await server.database.openDatabase({
        dataDir: server.database.inMemoryDataDir,
        databaseUrl,
      });
      try {
        await runSteps(database, env, workDir);
      } finally {
        await database.close();
      }
    });
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
