import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { databaseBackends } from '../../../test-support/test-app';
import { waitFor } from './cluster.test-support';

const serverRoot = fileURLToPath(new URL('../../..', import.meta.url));
const password = 'kill-test-password-1';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function start(env: Record<string, string>): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      MERIDIAN_ADMIN_PASSWORD: password,
      MERIDIAN_DNS_PORT: '0',
      // 20–60 simulated minutes: 2.4–7.2 s, long enough to kill the process mid-way.
      MERIDIAN_SIM_TIME_SCALE: '0.002',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error('the server exited');
      return fetch(`${base}/health`).then(
        (response) => response.ok,
        () => false,
      );
    },
    { timeoutMs: 60_000, what: 'the server to start' },
  );
  return { base, child };
}

async function session(base: string) {
  const response = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  const { token, userId } = (await response.json()) as { token: string; userId: string };
  return { authorization: `Bearer ${token}`, 'x-user-id': userId };
}

describe.each(databaseBackends())('a killed server process on %s', (backend) => {
  it('leaves no cluster stuck: after kill -9 and a restart it reaches success', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'meridian-kill-'));
    const env: Record<string, string> = { MERIDIAN_DATA_DIR: dataDir };
    let child: ChildProcess | undefined;
    try {
      if (backend === 'postgres') env.DATABASE_URL = await throwawayDatabase();
      const first = await start(env);
      child = first.child;
      const headers = await session(first.base);
      const created = await fetch(`${first.base}/cluster/clusters`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'killed',
          datacenters: ['ca-vancouver'],
          mode: 'MANUAL',
          cluster_size: 'mini',
          master_count: 1,
          minion_count: 1,
        }),
      });
      const { uuid } = (await created.json()) as SmartCluster;
      await new Promise((resolve) => setTimeout(resolve, 800));
      child.kill('SIGKILL');
      await new Promise((resolve) => child!.once('exit', resolve));

      const second = await start(env);
      child = second.child;
      const again = await session(second.base);
      const status = await waitFor(
        async () => {
          const list = (await (
            await fetch(`${second.base}/cluster/smart_clusters`, { headers: again })
          ).json()) as SmartCluster[];
          const found = list.find((item) => item.uuid === uuid);
          return found && ['success', 'failure'].includes(found.status) ? found.status : undefined;
        },
        { timeoutMs: 30_000, what: 'the killed cluster to finish' },
      );
      expect(status).toBe('success');
    } finally {
      if (child && child.exitCode === null) {
        const exited = new Promise((resolve) => child!.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (env.DATABASE_URL) await dropDatabase(env.DATABASE_URL);
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

async function throwawayDatabase(): Promise<string> {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `meridian_k_${Math.random().toString(16).slice(2, 10)}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.href;
}

async function dropDatabase(databaseUrl: string): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL! });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.end();
}
