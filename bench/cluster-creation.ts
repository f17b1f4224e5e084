// Smart-cluster creation throughput at simulator time scale 0: 500 creations through the API of
// a really started server, provisioned by its durable jobs, on PGlite and (with
// TEST_DATABASE_URL or DATABASE_URL) on PostgreSQL, in a throwaway database dropped afterwards.
// Prints creations/s and p50/p99 time from creation to `success`; asserts nothing. Loopback only.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { reportFigure } from './report';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const total = Number(process.env.CREATIONS ?? 500);
const concurrency = Number(process.env.CONCURRENCY ?? 16);
const timeoutMs = 180_000;
const password = 'bench-password-123';
const datacenters = ['ca-montreal', 'ca-toronto', 'us-virginia', 'de-frankfurt'];

interface SmartCluster {
  uuid: string;
  status: string;
  createdAt: string;
  updatedAt: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function startServer(
  env: Record<string, string>,
): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      MERIDIAN_ADMIN_PASSWORD: password,
      MERIDIAN_SIM_TIME_SCALE: '0',
      MERIDIAN_DNS_PORT: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/health`)).ok) return { base, child };
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('the server did not start');
    }
    await sleep(100);
  }
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** The printed figures as table rows; the name carries the database and the number of creations. */
function report(
  label: string,
  figures: {
    perSecond: number;
    acceptedPerSecond: number;
    p50: number;
    p99: number;
    failures: number;
  },
): void {
  const name = `cluster creation ${label} (${total}, concurrency ${concurrency})`;
  const rate = { unit: '/s', better: 'higher' } as const;
  const ms = { unit: 'ms', better: 'lower' } as const;
  reportFigure({ figure: `${name}: creations/s to success`, value: figures.perSecond, ...rate });
  reportFigure({ figure: `${name}: API accepted/s`, value: figures.acceptedPerSecond, ...rate });
  reportFigure({ figure: `${name}: time to success p50`, value: figures.p50, ...ms });
  reportFigure({ figure: `${name}: time to success p99`, value: figures.p99, ...ms });
  reportFigure({ figure: `${name}: failures`, value: figures.failures, unit: '', better: 'lower' });
}

async function measure(label: string, env: Record<string, string>): Promise<void> {
  const { base, child } = await startServer(env);
  try {
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    });
    const { token, userId } = (await login.json()) as { token: string; userId: string };
    const headers = {
      authorization: `Bearer ${token}`,
      'x-user-id': userId,
      'content-type': 'application/json',
    };
    const created = new Set<string>();
    const started = performance.now();
    let next = 0;
    const worker = async () => {
      while (next < total) {
        const index = next++;
        const response = await fetch(`${base}/cluster/clusters`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            name: `bench-${index}`,
            datacenters: [datacenters[index % datacenters.length]],
            mode: 'MANUAL',
            cluster_size: 'mini',
            master_count: 1,
            minion_count: 1,
          }),
        });
        if (response.status !== 200) throw new Error(`create failed: ${await response.text()}`);
        created.add(((await response.json()) as SmartCluster).uuid);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    const accepted = performance.now();

    const deadline = Date.now() + timeoutMs;
    let finished: SmartCluster[] = [];
    for (;;) {
      const list = (await (
        await fetch(`${base}/cluster/smart_clusters`, { headers })
      ).json()) as SmartCluster[];
      finished = list.filter(
        (item) =>
          created.has(item.uuid) && (item.status === 'success' || item.status === 'failure'),
      );
      if (finished.length === created.size) break;
      if (Date.now() > deadline) throw new Error('timed out waiting for provisioning');
      await sleep(100);
    }
    const done = performance.now();
    const failures = finished.filter((item) => item.status !== 'success').length;
    // Server-side times: the smart cluster's creation to its last update (reaching success).
    const latencies = finished
      .map((item) => Date.parse(item.updatedAt) - Date.parse(item.createdAt))
      .sort((a, b) => a - b);
    const seconds = (done - started) / 1000;
    report(label, {
      perSecond: total / seconds,
      acceptedPerSecond: total / ((accepted - started) / 1000),
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      failures,
    });
    console.log(
      `${label.padEnd(8)} ${total} creations in ${seconds.toFixed(2)} s: ` +
        `${(total / seconds).toFixed(1)} creations/s to success ` +
        `(API accepted ${(total / ((accepted - started) / 1000)).toFixed(1)}/s); ` +
        `time to success p50 ${percentile(latencies, 50)} ms, p99 ${percentile(latencies, 99)} ms; ` +
        `failures ${failures}`,
    );
  } finally {
    await stopServer(child);
  }
}

console.log(`cluster creation: ${total} smart clusters, time scale 0, concurrency ${concurrency}`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-'));
try {
  await measure('pglite', { MERIDIAN_DATA_DIR: dataDir });
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (serverUrl) {
  const name = `meridian_bench_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${name}`;
  const pgDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-'));
  try {
    await measure('postgres', { DATABASE_URL: databaseUrl.href, MERIDIAN_DATA_DIR: pgDataDir });
  } finally {
    await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    fs.rmSync(pgDataDir, { recursive: true, force: true });
  }
}
