// The control plane bench/browser.ts measures: the built console served by `apps/server/src/main.ts`
// in a child process (as `npm start` runs it) on a loopback port, and a data dir seeded beforehand
// with one user's many smart clusters (one made through the API, copied with drizzle inserts).
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadServerSchema } from './list-load';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const adminPassword = 'bench-password-123';
// The same key for the seeding app and the server, so sealed secrets stay readable.
const secretKey = 'bench-browser-secret-key';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Credentials {
  username: string;
  password: string;
}

export interface RunningServer {
  baseUrl: string;
  stop(): Promise<void>;
}

const webInputs = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/domain/src',
];

function newestMtime(entry: string): number {
  // Files come and go while others edit the console: a vanished one is no newer.
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(entry)
    .reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), stat.mtimeMs);
}

/**
 * The built console: $MERIDIAN_WEB_DIST as it is, else apps/web/dist, rebuilt first when absent
 * or older than its sources (as `npm start` does); a failed rebuild falls back to the old build.
 */
export function webDist(): string {
  if (process.env.MERIDIAN_WEB_DIST) return path.resolve(repoRoot, process.env.MERIDIAN_WEB_DIST);
  const dist = path.join(repoRoot, 'apps/web/dist');
  const index = path.join(dist, 'index.html');
  const builtAt = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const stale = webInputs.some((input) => newestMtime(path.join(repoRoot, input)) > builtAt);
  if (!stale) return dist;
  console.log('the console is not built or older than its sources: npm run build');
  try {
    execFileSync('npm', ['run', 'build'], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  } catch (error) {
    if (!builtAt) throw error;
    console.log('npm run build failed: measuring the earlier build of the console');
  }
  return dist;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** `apps/server/src/main.ts` on the data dir, serving `dist`; resolves once /health answers. */
export async function startServer(dataDir: string, dist: string): Promise<RunningServer> {
  const port = await freePort();
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      MERIDIAN_DATA_DIR: dataDir,
      MERIDIAN_WEB_DIST: dist,
      MERIDIAN_ADMIN_PASSWORD: adminPassword,
      MERIDIAN_SECRET_KEY: secretKey,
      MERIDIAN_SIM_TIME_SCALE: '0',
      MERIDIAN_DNS_PORT: '0',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${log}`);
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${log}`);
    const healthy = await fetch(`${baseUrl}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    await sleep(100);
  }
  return {
    baseUrl,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(15_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

// The server is loaded at run time from its sources (tsx); these are the few parts used here.
// Importing them statically would pull the server into this workspace's TypeScript project.
type Row = Record<string, unknown>;
interface BenchDatabase {
  db: {
    select(): { from(table: unknown): PromiseLike<Row[]> };
    insert(table: unknown): { values(rows: Row[]): PromiseLike<unknown> };
  };
  close(): Promise<void>;
}
interface BenchApp {
  server: { address(): unknown };
  listen(options: { port: number; host: string }): Promise<string>;
  close(): Promise<void>;
}
interface ServerModules {
  database: { openDatabase(options: { dataDir: string }): Promise<BenchDatabase> };
  schema: { smartClusters: unknown; clusters: unknown };
  app: { buildApp(options: Record<string, unknown>): Promise<BenchApp> };
  admin: {
    bootstrapAdmin(db: unknown, admin: { username: string; password: string }): Promise<unknown>;
  };
}

async function loadServer(): Promise<ServerModules> {
  const serverSrc = new URL('../apps/server/src/', import.meta.url);
  const load = (file: string) => import(new URL(file, serverSrc).href);
  const [database, schema, app, admin] = await Promise.all([
    load('platform/db/database.ts'),
    loadServerSchema(),
    load('app.ts'),
    load('modules/account/auth/admin-bootstrap.ts'),
  ]);
  return { database, schema, app, admin } as ServerModules;
}

type Call = (method: string, url: string, body?: unknown) => Promise<Row>;

function caller(base: string, token?: string, userId?: string): Call {
  return async (method, url, body) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(token && userId ? { authorization: `Bearer ${token}`, 'x-user-id': userId } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
    return JSON.parse(text) as Row;
  };
}

async function logIn(base: string, { username, password }: Credentials): Promise<Call> {
  const session = await caller(base)('POST', '/auth/login', { username, password });
  return caller(base, String(session.token), String(session.userId));
}

/** A new user's first smart cluster, made through the API and provisioned (time scale 0). */
async function templateCluster(base: string, user: Credentials): Promise<void> {
  const admin = await logIn(base, { username: 'admin', password: adminPassword });
  await admin('POST', '/auth/users', { ...user, email: `${user.username}@example.ca` });
  const api = await logIn(base, user);
  const { uuid } = await api('POST', '/cluster/clusters', {
    name: 'cluster-0',
    datacenters: ['ca-montreal'],
    mode: 'MANUAL',
    cluster_size: 'mini',
    master_count: 1,
    minion_count: 1,
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const list = (await api('GET', '/cluster/smart_clusters')) as unknown as Row[];
    if (list.some((item) => item.uuid === uuid && item.status === 'success')) return;
    if (Date.now() > deadline) throw new Error('the template smart cluster was not provisioned');
    await sleep(100);
  }
}

/** Copies of the one smart cluster and its member, numbered 1 … count − 1. */
async function copyClusters(server: ServerModules, database: BenchDatabase, count: number) {
  const [smart] = await database.db.select().from(server.schema.smartClusters);
  const members = await database.db.select().from(server.schema.clusters);
  // orderKey is an identity column: the database numbers the copies.
  const { orderKey: _orderKey, ...template } = smart!;
  const start = Date.parse('2025-01-01T00:00:00Z');
  const smartRows: Row[] = [];
  const memberRows: Row[] = [];
  for (let i = 1; i < count; i++) {
    const id = randomUUID();
    const name = `cluster-${i}`;
    const at = new Date(start + i * 1000);
    smartRows.push({ ...template, id, name, createdAt: at, updatedAt: at });
    for (const member of members) {
      const memberName = String(member.name).replace(String(template.name), name);
      memberRows.push({ ...member, id: randomUUID(), smartClusterId: id, name: memberName });
    }
  }
  for (const [table, rows] of [
    [server.schema.smartClusters, smartRows],
    [server.schema.clusters, memberRows],
  ] as const) {
    for (let i = 0; i < rows.length; i += 250) {
      await database.db.insert(table).values(rows.slice(i, i + 250));
    }
  }
}

/** A data dir with the admin and `user` owning `count` provisioned smart clusters. */
export async function seedClusters(dataDir: string, user: Credentials, count: number) {
  const server = await loadServer();
  const database = await server.database.openDatabase({ dataDir });
  await server.admin.bootstrapAdmin(database.db, { username: 'admin', password: adminPassword });
  const app = await server.app.buildApp({
    config: { webDistDir: path.join(os.tmpdir(), 'meridian-no-web-dist') },
    database,
    cluster: { simulator: { timeScale: 0, failDatacenters: [] }, secretKey },
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    await templateCluster(`http://127.0.0.1:${port}`, user);
    await copyClusters(server, database, count);
  } finally {
    await app.close();
    await database.close();
  }
}
