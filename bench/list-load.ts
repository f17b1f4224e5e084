// What the list benches (apps-list.ts, console-lists.ts) share: the control plane in this process
// on a database seeded through the API and by copying rows, autocannon in a child process against
// its list routes, their figures beside the bare route's, and a run on PGlite then PostgreSQL.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { reportFigure } from './report';

export const connections = Number(process.env.CONNECTIONS ?? 50);
export const durationSeconds = Number(process.env.DURATION ?? 10);
/** The cheapest authenticated route: each list's figures are anchored to it. */
export const baselinePath = '/auth/session';
const password = 'bench-password-123';
const defaultPostgres = 'postgres://postgres@127.0.0.1:5432/test';

// The server is loaded at run time from its sources (tsx); these are the few parts used here.
// Importing them statically would pull the server into this workspace's TypeScript project.
export type Row = Record<string, unknown>;
export interface BenchDb {
  select(): { from(table: unknown): PromiseLike<Row[]> };
  insert(table: unknown): { values(rows: Row[]): PromiseLike<unknown> };
}
interface Queryable {
  query(...args: unknown[]): unknown;
}
export interface BenchDatabase {
  db: BenchDb;
  driver: { kind: 'pglite'; client: Queryable } | { kind: 'postgres'; pool: Queryable };
  close(): Promise<void>;
}
interface BenchApp {
  server: { address(): unknown };
  listen(options: { port: number; host: string }): Promise<string>;
  close(): Promise<void>;
}
/** The part of the Fastify instance a bench's extra route needs. */
export interface BenchRoutes {
  get(
    path: string,
    handler: (
      request: unknown,
      reply: {
        type(value: string): {
          header(name: string, value: string): { send(body: Buffer): unknown };
        };
      },
    ) => unknown,
  ): void;
}
interface ServerModules {
  database: {
    openDatabase(options: DatabaseOptions): Promise<BenchDatabase>;
    inMemoryDataDir: string;
  };
  schema: Record<
    | 'apps'
    | 'versions'
    | 'deployments'
    | 'smartClusters'
    | 'clusters'
    | 'domains'
    | 'deploymentMetrics',
    unknown
  >;
  app: { buildApp(options: Record<string, unknown>): Promise<BenchApp> };
  admin: {
    bootstrapAdmin(db: unknown, admin: { username: string; password: string }): Promise<unknown>;
  };
}

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl?: string;
}

const serverSrc = new URL('../apps/server/src/', import.meta.url);

/** One module of the server's sources, e.g. `modules/apps/app/app.service.ts`. */
export const loadServerModule = (file: string): Promise<unknown> =>
  import(new URL(file, serverSrc).href);

/** The tables of the server's schema, which is grouped in one file per owner. */
export async function loadServerSchema(): Promise<Record<string, unknown>> {
  const owners = ['accounts', 'alerts', 'apps', 'clusters', 'domains', 'metering', 'platform'];
  const files = await Promise.all(
    owners.map((owner) => loadServerModule(`platform/db/schema/${owner}.ts`)),
  );
  return Object.assign({}, ...(files as Record<string, unknown>[]));
}

async function loadServer(): Promise<ServerModules> {
  const [database, schema, app, admin] = await Promise.all([
    loadServerModule('platform/db/database.ts'),
    loadServerSchema(),
    loadServerModule('app.ts'),
    loadServerModule('modules/account/auth/admin-bootstrap.ts'),
  ]);
  return { database, schema, app, admin } as ServerModules;
}

export const server = await loadServer();

export interface Session {
  userId: string;
  headers: Record<string, string>;
}

/** One API call; answers the body's text, throws on an error status. */
export async function call(
  base: string,
  method: string,
  url: string,
  session?: Session,
  body?: unknown,
): Promise<string> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...session?.headers,
      ...(body !== undefined && !(body instanceof FormData)
        ? { 'content-type': 'application/json' }
        : {}),
    },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return text;
}

export async function waitFor<T>(what: string, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A smart cluster of mini members (two unless told) made through the API, once ready: its uuid. */
export async function readySmartCluster(
  base: string,
  session: Session,
  name: string,
  datacenters: readonly string[] = ['ca-montreal', 'ca-toronto'],
): Promise<string> {
  const { uuid } = JSON.parse(
    await call(base, 'POST', '/cluster/clusters', session, {
      name,
      datacenters,
      mode: 'MANUAL',
      cluster_size: 'mini',
      master_count: 1,
      minion_count: 1,
    }),
  ) as { uuid: string };
  await waitFor('the smart cluster', async () => {
    const list = JSON.parse(await call(base, 'GET', '/cluster/smart_clusters', session)) as {
      uuid: string;
      status: string;
    }[];
    return list.find((item) => item.uuid === uuid && item.status === 'success');
  });
  return uuid;
}

/** Copied rows a slice at a time: one statement of thousands would pass the parameter limit. */
export async function insertInChunks(db: BenchDb, table: unknown, rows: Row[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 250) {
    await db.insert(table).values(rows.slice(i, i + 250));
  }
}

const appsPath = '/meridian/v1/kube/apps';

export interface ListedApp {
  uuid: string;
  deployments: { status: string }[];
}

/**
 * One smart cluster (two members unless told), one app rolled out on every member through the
 * API; answers their rows. The app itself then goes through the API (its removal jobs): the
 * copies replace it.
 */
export async function appTemplateRows(
  base: string,
  session: Session,
  database: BenchDatabase,
  cluster: { name: string; datacenters?: readonly string[] } = { name: 'bench-apps' },
) {
  const uuid = await readySmartCluster(base, session, cluster.name, cluster.datacenters);
  const form = new FormData();
  const fields: Record<string, string> = {
    name: 'shop',
    description: 'The shop front',
    version_name: 'v1',
    smart_cluster_uuid: uuid,
    template_type: 'KUBERNETES_BASIC',
    template: JSON.stringify({
      deploymentImage: 'nginx:1.27',
      deploymentReplicas: 2,
      deploymentTargetPort: 8080,
      deploymentPort: 80,
      dockerRegistryType: 'public',
    }),
    template_name: 'shop.yaml',
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const created = JSON.parse(await call(base, 'POST', appsPath, session, form)) as ListedApp;
  const listed = async () => JSON.parse(await call(base, 'GET', appsPath, session)) as ListedApp[];
  const { db } = database;
  const members = await db.select().from(server.schema.clusters);
  await waitFor('the rollout', async () => {
    const app = (await listed()).find((item) => item.uuid === created.uuid);
    const done = app?.deployments.every((item) => item.status === 'success');
    return app?.deployments.length === members.length && done ? app : undefined;
  });
  const [app] = await db.select().from(server.schema.apps);
  const [version] = await db.select().from(server.schema.versions);
  const deployments = await db.select().from(server.schema.deployments);
  const [smartCluster] = await db.select().from(server.schema.smartClusters);
  await call(base, 'DELETE', `${appsPath}/${created.uuid}`, session);
  await waitFor('the template app to go', async () =>
    (await listed()).length === 0 ? true : undefined,
  );
  return { app: app!, version: version!, deployments, smartCluster: smartCluster!, members };
}

/** Copies of the template app numbered from `from` up to `to`, each with v1 and v2 deployed. */
export async function copyApps(
  database: BenchDatabase,
  template: Awaited<ReturnType<typeof appTemplateRows>>,
  from: number,
  to: number,
): Promise<void> {
  const base = Date.parse('2025-01-01T00:00:00Z');
  const apps: Row[] = [];
  const versions: Row[] = [];
  const deployments: Row[] = [];
  for (let i = from; i < to; i++) {
    const at = (offset: number) => new Date(base + i * 10 + offset);
    const appId = randomUUID();
    apps.push({ ...template.app, id: appId, name: `app-${i}`, createdAt: at(0), updatedAt: at(0) });
    const versionIds = [randomUUID(), randomUUID()];
    versionIds.forEach((id, n) =>
      versions.push({
        ...template.version,
        id,
        appId,
        name: `v${n + 1}`,
        createdAt: at(1 + n),
        updatedAt: at(1 + n),
      }),
    );
    // v1 on the first member cluster, v2 on the second.
    template.deployments.forEach((deployment, n) =>
      deployments.push({
        ...deployment,
        id: randomUUID(),
        appId,
        versionId: versionIds[n % 2],
        createdAt: at(3 + n),
        updatedAt: at(3 + n),
      }),
    );
  }
  await insertInChunks(database.db, server.schema.apps, apps);
  await insertInChunks(database.db, server.schema.versions, versions);
  await insertInChunks(database.db, server.schema.deployments, deployments);
}

export interface RunningServer {
  base: string;
  session: Session;
  database: BenchDatabase;
}

/**
 * The control plane on the database (simulator at time scale 0 unless told), listening on a loopback port
 * with the admin logged in, for the time of `run`; `opened` sees the database before anything.
 */
export async function withServer<T>(
  options: DatabaseOptions,
  setup: {
    secretKey: string;
    /** The simulator's clock (default 0: everything immediate). */
    timeScale?: number;
    /** How often each simulated pod writes a log line (the simulator's default: 3 s). */
    logIntervalMs?: number;
    opened?: (database: BenchDatabase) => void;
    extend?: (instance: BenchRoutes) => void;
    /** More of buildApp's options (e.g. `intelligence: { trafficSampleIntervalMs }`). */
    app?: Record<string, unknown>;
  },
  run: (running: RunningServer) => Promise<T>,
): Promise<T> {
  const database = await server.database.openDatabase(options);
  setup.opened?.(database);
  await server.admin.bootstrapAdmin(database.db, { username: 'admin', password });
  const app = await server.app.buildApp({
    ...setup.app,
    config: { webDistDir: path.join(os.tmpdir(), 'meridian-no-web-dist') },
    database,
    extend: setup.extend,
    cluster: {
      simulator: {
        timeScale: setup.timeScale ?? 0,
        failDatacenters: [],
        ...(setup.logIntervalMs ? { logIntervalMs: setup.logIntervalMs } : {}),
      },
      secretKey: setup.secretKey,
    },
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const base = `http://127.0.0.1:${port}`;
    const login = JSON.parse(
      await call(base, 'POST', '/auth/login', undefined, { username: 'admin', password }),
    ) as { userId: string; token: string };
    const session: Session = {
      userId: login.userId,
      headers: { authorization: `Bearer ${login.token}`, 'x-user-id': login.userId },
    };
    return await run({ base, session, database });
  } finally {
    await app.close();
    await database.close();
  }
}

export interface LoadResult {
  requests: { average: number; total: number };
  latency: { p50: number; p90: number; p99: number; max: number };
  throughput: { average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

const autocannonBin = createRequire(import.meta.url).resolve('autocannon');

/** autocannon in a child process (its own event loop and core); answers its JSON summary. */
export function autocannon(
  url: string,
  session: Session,
  seconds: number,
  extraHeaders: Record<string, string> = {},
): Promise<LoadResult> {
  // As a browser asks: gzip accepted (the lists are cached compressed too).
  const headers = Object.entries({
    ...session.headers,
    'accept-encoding': 'gzip',
    ...extraHeaders,
  }).flatMap(([key, value]) => ['-H', `${key}=${value}`]);
  const args = ['-c', String(connections), '-d', String(seconds), '-j', '-n', ...headers, url];
  const child = spawn(process.execPath, [autocannonBin, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (data: Buffer) => (output += data.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(output) as LoadResult)
        : reject(new Error(`autocannon exited with ${code}`)),
    );
  });
}

/** Issue 41's p99 goals: a console page 100 ms; a spec's full list 500 ms on PostgreSQL. */
export function listGoalMs(kind: 'console' | 'spec', label: 'pglite' | 'postgres') {
  if (kind === 'console') return 100;
  return label === 'postgres' ? 500 : undefined;
}

/** A list's p99 (against its goal), p50 and req/s for `npm run bench`'s table, beside the bare route's. */
export function reportLoadFigures(
  figure: string,
  result: LoadResult,
  bare: LoadResult,
  p99GoalMs?: number,
): void {
  const anchor = (value: number) => ({ name: `GET ${baselinePath}`, value });
  reportFigure({
    figure: `${figure} p99 (${connections} connections)`,
    value: result.latency.p99,
    unit: 'ms',
    better: 'lower',
    anchor: anchor(bare.latency.p99),
    ...(p99GoalMs === undefined ? {} : { goal: { value: p99GoalMs } }),
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

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * `measure` on PGlite in a temporary directory, then, with TEST_DATABASE_URL, DATABASE_URL or
 * --postgres, on PostgreSQL in a throwaway database named `<prefix>_…`, dropped afterwards.
 */
export async function onEachDatabase(
  prefix: string,
  measure: (label: 'pglite' | 'postgres', options: DatabaseOptions) => Promise<void>,
): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-'));
  try {
    await measure('pglite', { dataDir });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const serverUrl =
    process.env.TEST_DATABASE_URL ??
    process.env.DATABASE_URL ??
    (process.argv.includes('--postgres') ? defaultPostgres : undefined);
  if (!serverUrl) return;
  await withScratchDatabase(serverUrl, prefix, (databaseUrl) =>
    measure('postgres', { dataDir: server.database.inMemoryDataDir, databaseUrl }),
  );
}

/** A throwaway database `<prefix>_…` on the PostgreSQL server, dropped after `run` whatever happens. */
export async function withScratchDatabase<T>(
  serverUrl: string,
  prefix: string,
  run: (databaseUrl: string) => Promise<T>,
): Promise<T> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${name}`;
  try {
    return await run(databaseUrl.href);
  } finally {
    await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}
