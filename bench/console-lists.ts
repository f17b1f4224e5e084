// The console's own list requests for one user with 1,000 smart clusters and 1,000 domains, at
// 50 connections: the pages the clusters and domains pages ask for beside the spec's full lists
// and the cheapest authenticated route (`GET /auth/session`) in the same run. PGlite, and with
// TEST_DATABASE_URL, DATABASE_URL or --postgres PostgreSQL too (a throwaway database); time scale
// 0; one smart cluster is made through the API and its rows copied. Prints figures; asserts
// nothing; target p99 <= 100 ms for the console's requests.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { reportFigure } from './report';

const count = Number(process.env.ENTRIES ?? 1000);
const connections = Number(process.env.CONNECTIONS ?? 50);
const durationSeconds = Number(process.env.DURATION ?? 10);
const password = 'bench-password-123';

// The server is loaded at run time from its sources (tsx), as in apps-list.ts.
type Row = Record<string, unknown>;
interface BenchDb {
  select(): { from(table: unknown): PromiseLike<Row[]> };
  insert(table: unknown): { values(rows: Row[]): PromiseLike<unknown> };
}
interface BenchApp {
  server: { address(): unknown };
  listen(options: { port: number; host: string }): Promise<string>;
  close(): Promise<void>;
}
interface ServerModules {
  database: {
    openDatabase(options: {
      dataDir: string;
      databaseUrl?: string;
    }): Promise<{ db: BenchDb; close(): Promise<void> }>;
    inMemoryDataDir: string;
  };
  schema: { smartClusters: unknown; clusters: unknown; domains: unknown };
  app: { buildApp(options: Record<string, unknown>): Promise<BenchApp> };
  admin: {
    bootstrapAdmin(db: unknown, admin: { username: string; password: string }): Promise<unknown>;
  };
}

const serverSrc = new URL('../apps/server/src/', import.meta.url);
const load = (file: string) => import(new URL(file, serverSrc).href);
const [database, schema, appModule, admin] = await Promise.all([
  load('platform/db/database.ts'),
  load('platform/db/schema.ts'),
  load('app.ts'),
  load('modules/auth/admin-bootstrap.ts'),
]);
const server = { database, schema, app: appModule, admin } as ServerModules;

interface LoadResult {
  requests: { average: number; total: number };
  latency: { p50: number; p90: number; p99: number };
  throughput: { average: number };
  errors: number;
  non2xx: number;
}

const autocannonBin = createRequire(import.meta.url).resolve('autocannon');

/** autocannon in a child process, gzip accepted as a browser does; answers its JSON summary. */
function autocannon(url: string, headers: Record<string, string>, seconds: number) {
  const flags = Object.entries({ ...headers, 'accept-encoding': 'gzip' }).flatMap(([k, v]) => [
    '-H',
    `${k}=${v}`,
  ]);
  const args = ['-c', String(connections), '-d', String(seconds), '-j', '-n', ...flags, url];
  const child = spawn(process.execPath, [autocannonBin, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (data: Buffer) => (output += data.toString()));
  return new Promise<LoadResult>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(output) as LoadResult) : reject(new Error(`exit ${code}`)),
    );
  });
}

async function call(base: string, method: string, url: string, headers = {}, body?: unknown) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return text;
}

/** One smart cluster through the API, then `count - 1` copies of its rows; `count` domains. */
async function seed(base: string, headers: Record<string, string>, db: BenchDb) {
  const made = JSON.parse(
    await call(base, 'POST', '/cluster/clusters', headers, {
      name: 'bench-lists',
      datacenters: ['ca-montreal', 'ca-toronto'],
      mode: 'MANUAL',
      cluster_size: 'mini',
      master_count: 1,
      minion_count: 1,
    }),
  ) as { uuid: string };
  for (let ready = false; !ready; await new Promise((resolve) => setTimeout(resolve, 50))) {
    const list = JSON.parse(await call(base, 'GET', '/cluster/smart_clusters', headers)) as {
      uuid: string;
      status: string;
    }[];
    ready = list.some((item) => item.uuid === made.uuid && item.status === 'success');
  }
  const [smart] = await db.select().from(server.schema.smartClusters);
  const members = await db.select().from(server.schema.clusters);
  // The order key is an identity column: the database numbers the copies.
  const { orderKey: _orderKey, ...columns } = smart!;
  const smartRows = Array.from({ length: count - 1 }, (_, i) => ({
    ...columns,
    id: randomUUID(),
    name: `bench-${i}`,
  }));
  const memberRows = smartRows.flatMap((copy) =>
    members.map((member) => ({ ...member, id: randomUUID(), smartClusterId: copy.id })),
  );
  const domainRows = Array.from({ length: count }, (_, i) => ({
    userId: smart!.userId,
    domainName: `bench-${i}.example.ca`,
    status: 'success',
  }));
  for (const [table, rows] of [
    [server.schema.smartClusters, smartRows],
    [server.schema.clusters, memberRows],
    [server.schema.domains, domainRows],
  ] as const) {
    for (let i = 0; i < rows.length; i += 250)
      await db.insert(table).values(rows.slice(i, i + 250));
  }
}

// What the console asks for (its clusters and domains pages), and the spec's lists beside them.
const routes = [
  ['GET /auth/session', '/auth/session', 'bare'],
  ['smart clusters (spec)', '/cluster/smart_clusters', 'spec'],
  ['member clusters (spec)', '/cluster/clusters', 'spec'],
  [
    'smart clusters page (console)',
    '/cluster/smart_clusters/page?limit=30&offset=0&modes=AUTOMATIC,MANUAL' +
      '&statuses=creating,deleting,failure,success,updating',
    'console',
  ],
  ['domains (spec)', '/domain/name', 'spec'],
  ['domains page (console)', '/domain/name/page?limit=50&offset=0', 'console'],
] as const;

async function measure(options: { dataDir: string; databaseUrl?: string }) {
  const opened = await server.database.openDatabase(options);
  await server.admin.bootstrapAdmin(opened.db, { username: 'admin', password });
  const app = await server.app.buildApp({
    config: { webDistDir: path.join(os.tmpdir(), 'meridian-no-web-dist') },
    database: opened,
    cluster: { simulator: { timeScale: 0, failDatacenters: [] }, secretKey: 'bench-lists-key' },
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const base = `http://127.0.0.1:${port}`;
    const login = JSON.parse(
      await call(base, 'POST', '/auth/login', {}, { username: 'admin', password }),
    ) as { userId: string; token: string };
    const headers = { authorization: `Bearer ${login.token}`, 'x-user-id': login.userId };
    await seed(base, headers, opened.db);
    const results: [string, string, LoadResult, number][] = [];
    for (const [name, url, kind] of routes) {
      const bytes = (await call(base, 'GET', url, headers)).length;
      await autocannon(`${base}${url}`, headers, 2);
      results.push([
        name,
        kind,
        await autocannon(`${base}${url}`, headers, durationSeconds),
        bytes,
      ]);
    }
    return results;
  } finally {
    await app.close();
    await opened.close();
  }
}

type Results = Awaited<ReturnType<typeof measure>>;

function report(label: string, results: Results) {
  const bare = results[0]![2];
  console.log(label);
  console.log(
    `  ${'request'.padEnd(32)}${['body', 'req/s', 'p50', 'p90', 'p99'].map((h) => h.padStart(12)).join('')}`,
  );
  for (const [name, kind, result, bytes] of results) {
    const cells = [
      `${(bytes / 1024).toFixed(0)} KiB`,
      result.requests.average.toFixed(1),
      `${result.latency.p50} ms`,
      `${result.latency.p90} ms`,
      `${result.latency.p99} ms`,
    ];
    console.log(`  ${name.padEnd(32)}${cells.map((cell) => cell.padStart(12)).join('')}`);
    if (result.errors || result.non2xx) {
      console.log(`    ${result.errors} errors, ${result.non2xx} non-2xx answers`);
    }
    if (kind === 'bare') continue;
    // A list too large to answer once within the run has no latency to report, only that fact.
    if (result.requests.total === 0) {
      console.log('    no answer completed within the run: no figures reported');
      continue;
    }
    const anchor = (value: number) => ({ name: 'GET /auth/session', value });
    const figure = `${name} ${count} ${label}`;
    reportFigure({
      figure: `${figure} p99 (${connections} connections)`,
      value: result.latency.p99,
      unit: 'ms',
      better: 'lower',
      anchor: anchor(bare.latency.p99),
    });
    reportFigure({
      figure: `${figure} p50 (${connections} connections)`,
      value: result.latency.p50,
      unit: 'ms',
      better: 'lower',
      anchor: anchor(bare.latency.p50),
    });
    reportFigure({
      figure: `${figure} req/s (${connections} connections)`,
      value: result.requests.average,
      unit: 'req/s',
      better: 'higher',
      anchor: anchor(bare.requests.average),
    });
  }
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

console.log(
  `console lists: ${count} smart clusters and ${count} domains of one user, ${connections} ` +
    `connections, ${durationSeconds} s each, ${os.cpus().length} CPUs (load average ` +
    `${os.loadavg()[0]!.toFixed(2)} at start)`,
);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-'));
try {
  report('pglite', await measure({ dataDir }));
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const serverUrl =
  process.env.TEST_DATABASE_URL ??
  process.env.DATABASE_URL ??
  (process.argv.includes('--postgres') ? 'postgres://postgres@127.0.0.1:5432/test' : undefined);
if (serverUrl) {
  const name = `bench_lists_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${name}`;
  try {
    const options = { dataDir: server.database.inMemoryDataDir, databaseUrl: databaseUrl.href };
    report('postgres', await measure(options));
  } finally {
    await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}
process.exit(0);
