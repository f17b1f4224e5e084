import { Writable } from 'node:stream';
import { pino } from 'pino';
import type { SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  ClusterSpec,
  ProvisionedCluster,
} from '../../../platform/drivers/infrastructure-driver';
import { SimulatorDriver } from '../../../platform/drivers/simulator/simulator-driver';
import {
  createTestStorage,
  databaseBackends,
  logIn,
  type DatabaseBackend,
} from '../../../../test-support/test-app';
import { createClusterTestApp, waitFor, waitForStatus } from './cluster.test-support';
import { clusters } from '../../../platform/db/schema/clusters';
import { events } from '../../../platform/db/schema/accounts';

const body = (name: string, datacenters: string[]) => ({
  name,
  datacenters,
  mode: 'MANUAL',
  cluster_size: 'mini',
  master_count: 1,
  minion_count: 1,
});

describe.each(databaseBackends())(
  'cluster jobs across restarts on %s',
  (backend: DatabaseBackend) => {
    it('resumes provisioning after the app stops mid-way, keeping the recorded deadline', async () => {
      const storage = await createTestStorage(backend, { persistent: true });
      try {
        // 20–60 simulated minutes at this scale: 1.2–3.6 s.
        const first = await createClusterTestApp(backend, { timeScale: 0.001 }, { storage });
        const user = await logIn(first.app);
        const created = await first.app.inject({
          method: 'POST',
          url: '/cluster/clusters',
          headers: user.headers,
          payload: body('survivor', ['ca-montreal', 'de-frankfurt']),
        });
        const { uuid } = created.json<SmartCluster>();
        const deadlines = await waitFor(
          async () => {
            const rows = await first.database.db
              .select({ id: clusters.id, deadline: clusters.operationDeadline })
              .from(clusters)
              .where(eq(clusters.smartClusterId, uuid));
            return rows.every((row) => row.deadline) ? rows : undefined;
          },
          { what: 'provisioning deadlines' },
        );
        await first.close();

        const second = await createClusterTestApp(backend, { timeScale: 0.001 }, { storage });
        try {
          const again = await logIn(second.app);
          const done = (await waitForStatus(second.app, again, uuid, [
            'success',
            'failure',
          ])) as SmartCluster;
          expect(done.status).toBe('success');
          const rows = await second.database.db
            .select()
            .from(events)
            .where(eq(events.eventType, 'CLUSTER_CREATE_FULFILLED'));
          for (const { id, deadline } of deadlines) {
            const fulfilled = rows.filter((row) => row.payload.cluster_uuid === id);
            expect(fulfilled).toHaveLength(1);
            // Finished no earlier than the deadline the first process recorded: continued, not restarted.
            expect(fulfilled[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(
              deadline!.getTime() - 5,
            );
          }
        } finally {
          await second.close();
        }
      } finally {
        await storage.dispose();
      }
    }, 60_000);
  },
);

class CountingDriver extends SimulatorDriver {
  readonly created = new Map<string, number>();
  override async createCluster(spec: ClusterSpec): Promise<ProvisionedCluster> {
    this.created.set(spec.clusterId, (this.created.get(spec.clusterId) ?? 0) + 1);
    return super.createCluster(spec);
  }
}

describe.runIf(databaseBackends().includes('postgres'))('two workers on one PostgreSQL', () => {
  it('runs every provisioning step once between them', async () => {
    const storage = await createTestStorage('postgres');
    const drivers = [0, 1].map(() => new CountingDriver({ timeScale: 0, failDatacenters: [] }));
    const apps = [];
    try {
      for (const driver of drivers) {
        apps.push(
          await createClusterTestApp(
            'postgres',
            { drivers: new Map([['simulator', driver]]) },
            { storage },
          ),
        );
      }
      const [a, b] = apps as [(typeof apps)[0], (typeof apps)[0]];
      const user = await logIn(a.app);
      const uuids: string[] = [];
      for (let i = 0; i < 20; i += 1) {
        const target = i % 2 === 0 ? a : b;
        const response = await target.app.inject({
          method: 'POST',
          url: '/cluster/clusters',
          headers: user.headers,
          payload: body(`pair-${i}`, ['ca-toronto', 'us-virginia', 'gb-london']),
        });
        expect(response.statusCode).toBe(200);
        uuids.push(response.json<SmartCluster>().uuid);
      }
      for (const uuid of uuids) {
        expect(
          ((await waitForStatus(a.app, user, uuid, ['success', 'failure'])) as SmartCluster).status,
        ).toBe('success');
      }
      const members = await a.database.db
        .select({ id: clusters.id })
        .from(clusters)
        .where(inArray(clusters.smartClusterId, uuids));
      expect(members).toHaveLength(60);
      for (const { id } of members) {
        const runs = (drivers[0]!.created.get(id) ?? 0) + (drivers[1]!.created.get(id) ?? 0);
        expect(runs, `createCluster runs for ${id}`).toBe(1);
      }
      const fulfilled = (
        await a.database.db
          .select()
          .from(events)
          .where(eq(events.eventType, 'CLUSTER_CREATE_FULFILLED'))
      ).map((row) => row.payload.cluster_uuid);
      expect(fulfilled).toHaveLength(60);
      expect(new Set(fulfilled).size).toBe(60);
      // Both processes took part.
      expect(drivers[0]!.created.size).toBeGreaterThan(0);
      expect(drivers[1]!.created.size).toBeGreaterThan(0);
    } finally {
      for (const app of apps) await app.app.close();
      for (const app of apps) await app.database.close();
      await storage.dispose();
    }
  }, 90_000);
});

class FlakyDriver extends SimulatorDriver {
  attempts = 0;
  override async createCluster(): Promise<ProvisionedCluster> {
    this.attempts += 1;
    // What a real API may throw: a status line, headers and a stack, for the log only.
    throw new Error('HTTP/1.1 502 Bad Gateway\nserver: envoy\n    at Socket.onData (net.js:1:1)');
  }
}

describe.each(databaseBackends())('cluster job retries on %s', (backend: DatabaseBackend) => {
  it('retries with back-off, then fails in plain words, the raw detail in the log', async () => {
    const flaky = new FlakyDriver({ timeScale: 0, failDatacenters: [] });
    const logged: { job?: { id: string }; err?: { message: string } }[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged.push(JSON.parse(chunk.toString()) as (typeof logged)[number]);
        done();
      },
    });
    const t = await createClusterTestApp(
      backend,
      { drivers: new Map([['simulator', flaky]]), jobs: { retryLimit: 2, retryDelaySeconds: 1 } },
      { logger: pino({ level: 'warn' }, sink) },
    );
    try {
      const user = await logIn(t.app);
      const created = await t.app.inject({
        method: 'POST',
        url: '/cluster/clusters',
        headers: user.headers,
        payload: body('flaky', ['sg-singapore']),
      });
      const { uuid } = created.json<SmartCluster>();
      const done = (await waitForStatus(
        t.app,
        user,
        uuid,
        ['success', 'failure'],
        30_000,
      )) as SmartCluster;
      expect(done.status).toBe('failure');
      const reason = done.status_reason ?? '';
      const reference = /reference ([0-9a-f-]{36})\.$/.exec(reason)?.[1];
      expect(reason).toMatch(
        /^Singapore: the creation failed after 3 attempts\. Try again, or give support the reference [0-9a-f-]{36}\.$/,
      );
      expect(reason).not.toMatch(/HTTP|envoy|net\.js/);
      expect(flaky.attempts).toBe(3);
      // Every attempt's raw error is in the log under the job the reason names.
      const lines = logged.filter((line) => line.job?.id === reference);
      expect(lines).toHaveLength(3);
      expect(lines.every((line) => line.err?.message.startsWith('HTTP/1.1 502'))).toBe(true);
    } finally {
      await t.close();
    }
  }, 60_000);
});
