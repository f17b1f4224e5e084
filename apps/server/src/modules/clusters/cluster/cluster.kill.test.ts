import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import { describe, expect, it } from 'vitest';
import {
  adminSession,
  startServerProcess,
  type ServerProcess,
} from '../../../../test-support/server-process';
import { databaseBackends, throwawayDatabase } from '../../../../test-support/test-app';
import { waitFor } from './cluster.test-support';

// 20–60 simulated minutes: 2.4–7.2 s, long enough to kill the process mid-way.
const start = (env: Record<string, string>) =>
  startServerProcess({ ...env, MERIDIAN_SIM_TIME_SCALE: '0.002' });

describe.each(databaseBackends())('a killed server process on %s', (backend) => {
  it('leaves no cluster stuck: after kill -9 and a restart it reaches success', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'meridian-kill-'));
    const env: Record<string, string> = { MERIDIAN_DATA_DIR: dataDir };
    let running: ServerProcess | undefined;
    const database = backend === 'postgres' ? await throwawayDatabase() : undefined;
    if (database) env.DATABASE_URL = database.url;
    try {
      const first = await start(env);
      running = first;
      const headers = await adminSession(first.base);
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
      const exited = new Promise((resolve) => first.child.once('exit', resolve));
      first.child.kill('SIGKILL');
      await exited;

      const second = await start(env);
      running = second;
      const again = await adminSession(second.base);
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
      await running?.stop();
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
