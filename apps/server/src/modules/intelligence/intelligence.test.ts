import type { App as AppEntity } from '@meridian/domain/apps/app-api';
import type { Traffic } from '@meridian/domain/traffic/traffic';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/database';
import { trafficDays } from '../../platform/db/metering-schema';
import { deployments, events } from '../../platform/db/schema';
import type {
  ClusterSpec,
  ObservedTraffic,
  TrafficTarget,
} from '../../platform/drivers/infrastructure-driver';
import { SimulatorDriver } from '../../platform/drivers/simulator/simulator-driver';
import {
  addUser,
  createTestStorage,
  embeddedBackendOnly,
  logIn,
  type LoggedIn,
  type TestApp,
  type TestStorage,
} from '../../../test-support/test-app';
import { createClusterTestApp, waitFor } from '../cluster/cluster.test-support';
import {
  allSettled,
  basicAppFields,
  createApp,
  readySmartCluster,
  waitForDeployments,
} from '../app/app.test-support';
import { createIntelligenceService } from './intelligence.service';

/** Traffic you can count on: one request per replica per millisecond, one user per second. */
class SteadyTrafficDriver extends SimulatorDriver {
  override async observeTraffic(
    _spec: ClusterSpec,
    targets: readonly TrafficTarget[],
  ): Promise<ObservedTraffic[]> {
    return targets.map(({ deploymentId, replicas, window }) => {
      const ms = window.to.getTime() - window.from.getTime();
      return { deploymentId, requests: ms * replicas, users: Math.floor(ms / 1000) };
    });
  }
}

/** The services below are driven by hand: they never queue a job. */
const idleJobs = { send: async () => {}, wake: () => {} };

const steadyDrivers = () =>
  new Map([['simulator', new SteadyTrafficDriver({ timeScale: 0, failDatacenters: [] })]]);

async function deployedApp(t: TestApp, user: LoggedIn, datacenters: string[], name: string) {
  const smart = await readySmartCluster(t, user, datacenters, `${name}-cluster`);
  const created = await createApp(t, user, basicAppFields(smart.uuid, { name }));
  expect(created.statusCode).toBe(200);
  const app = await waitForDeployments(t, user, created.json<AppEntity>().uuid, allSettled);
  expect(app.deployments.every((deployment) => deployment.status === 'success')).toBe(true);
  return app;
}

async function getTraffic(t: TestApp, user: LoggedIn): Promise<Traffic> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/intelligence/traffic',
    headers: user.headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json<Traffic>();
}

async function deploymentRows(db: Database, appUuid: string) {
  return db.select().from(deployments).where(eq(deployments.appId, appUuid));
}

async function trafficRows(db: Database, deploymentId: string) {
  return db.select().from(trafficDays).where(eq(trafficDays.deploymentId, deploymentId));
}

describe.each(embeddedBackendOnly())('traffic on %s', (backend) => {
  it('samples successful deployments only, per region, and shows each user only theirs', async () => {
    // Rounds an hour apart: this test samples by hand, at times it chooses.
    const t = await createClusterTestApp(
      backend,
      { drivers: steadyDrivers() },
      { intelligence: { trafficSampleIntervalMs: 3_600_000 } },
    );
    try {
      const admin = await logIn(t.app);
      const other = await addUser(t, admin, 'traffic-other');
      const idle = await addUser(t, admin, 'traffic-idle');
      const shop = await deployedApp(t, admin, ['ca-montreal', 'jp-tokyo'], 'shop');
      const blog = await deployedApp(t, other, ['gb-london'], 'blog');
      const service = createIntelligenceService({
        db: t.database.db,
        jobs: idleJobs,
        drivers: steadyDrivers(),
      });

      // Tokyo's deployment fails: it gets no traffic while it is not successful.
      const [montreal, tokyo] = await deploymentRows(t.database.db, shop.uuid).then((rows) =>
        ['ca-montreal', 'jp-tokyo'].map((uuid) =>
          rows.find((row) =>
            shop.deployments.some((d) => d.uuid === row.id && d.datacenter_uuid === uuid),
          )!,
        ),
      );
      await t.database.db
        .update(deployments)
        .set({ status: 'failure' })
        .where(eq(deployments.id, tokyo!.id));
      const [london] = await deploymentRows(t.database.db, blog.uuid);
      expect(montreal!.readyReplicas).toBe(2);

      const first = new Date(Date.now() + 1000);
      expect((await service.sample(first)).sort()).toEqual([admin.userId, other.userId].sort());
      const second = new Date(first.getTime() + 5000);
      await service.sample(second);
      // The same round again (another process, a retry) adds nothing: its windows are closed.
      expect(await service.sample(second)).toEqual([]);

      const [montrealDay] = await trafficRows(t.database.db, montreal!.id);
      const montrealRequests = (second.getTime() - montreal!.updatedAt.getTime()) * 2;
      expect(montrealDay).toMatchObject({
        userId: admin.userId,
        datacenterUuid: 'ca-montreal',
        day: second.toISOString().slice(0, 10),
        requests: montrealRequests,
        updatedAt: second,
      });
      expect(await trafficRows(t.database.db, tokyo!.id)).toEqual([]);
      const [londonDay] = await trafficRows(t.database.db, london!.id);
      expect(londonDay!.requests).toBe((second.getTime() - london!.updatedAt.getTime()) * 2);

      const mine = await getTraffic(t, admin);
      expect(mine).toEqual({
        daily_totals: { total_requests: montrealRequests, daily_active_users: montrealDay!.users },
        regions: [
          {
            datacenter_uuid: 'ca-montreal',
            name: 'Montréal',
            num_requests: montrealRequests,
            num_users: montrealDay!.users,
          },
        ],
      });
      const theirs = await getTraffic(t, other);
      expect(theirs.regions.map((region) => region.datacenter_uuid)).toEqual(['gb-london']);
      expect(theirs.daily_totals.total_requests).toBe(londonDay!.requests);
      expect(await getTraffic(t, idle)).toEqual({
        daily_totals: { total_requests: 0, daily_active_users: 0 },
        regions: [],
      });

      // Tokyo recovers: from then on it counts, in its own region, added to the day's totals.
      const recovered = new Date(second.getTime() + 1000);
      await t.database.db
        .update(deployments)
        .set({ status: 'success', updatedAt: recovered })
        .where(eq(deployments.id, tokyo!.id));
      await service.sample(new Date(recovered.getTime() + 3000));
      const after = await getTraffic(t, admin);
      expect(after.regions).toEqual([
        expect.objectContaining({ datacenter_uuid: 'ca-montreal' }),
        expect.objectContaining({ datacenter_uuid: 'jp-tokyo', name: 'Tokyo', num_requests: 6000 }),
      ]);
      expect(after.daily_totals.total_requests).toBe(
        after.regions.reduce((sum, region) => sum + region.num_requests, 0),
      );
      expect(after.daily_totals.daily_active_users).toBe(
        after.regions.reduce((sum, region) => sum + region.num_users, 0),
      );

      // One silent traffic event per user, replaced by each round, telling consoles to refresh.
      const trafficEvents = await t.database.db
        .select()
        .from(events)
        .where(eq(events.eventType, 'TRAFFIC_UPDATE'));
      expect(trafficEvents.map((row) => row.userId).sort()).toEqual(
        [admin.userId, other.userId].sort(),
      );
      for (const row of trafficEvents) {
        expect(row).toMatchObject({ isNotification: false, read: true, category: 8, status: 3 });
      }

      const anonymous = await t.app.inject({ method: 'GET', url: '/intelligence/traffic' });
      expect(anonymous.statusCode).toBe(401);
    } finally {
      await t.close();
    }
  }, 60_000);

  it('samples on its own every interval, across a restart, counting each moment once', async () => {
    const storage: TestStorage = await createTestStorage(backend, { persistent: true });
    const open = () =>
      createClusterTestApp(
        backend,
        { drivers: steadyDrivers() },
        { storage, intelligence: { trafficSampleIntervalMs: 250 } },
      );
    /** Requests so far must be exactly replicas × the milliseconds sampled: no gap, no overlap. */
    const expectCountedOnce = async (db: Database, deploymentId: string, deployedAt: Date) => {
      const [day] = await trafficRows(db, deploymentId);
      expect(day!.requests).toBe((day!.updatedAt.getTime() - deployedAt.getTime()) * 2);
      return day!;
    };
    try {
      const first = await open();
      const user = await logIn(first.app);
      const shop = await deployedApp(first, user, ['ca-montreal'], 'shop');
      const [deployment] = await deploymentRows(first.database.db, shop.uuid);
      const sampled = await waitFor(
        async () => {
          const [day] = await trafficRows(first.database.db, deployment!.id);
          return day && day.updatedAt.getTime() > deployment!.updatedAt.getTime() + 500 && day;
        },
        { what: 'a few sampling rounds' },
      );
      expect(sampled.datacenterUuid).toBe('ca-montreal');
      await first.close();

      // The next round is a durable job, waiting in the database for whichever process comes.
      const second = await open();
      const apps = backend === 'postgres' ? [second, await open()] : [second];
      try {
        const queued = await second.database.db.execute(
          sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'sample-traffic'`,
        );
        expect((queued as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThan(0);
        const stoppedAt = (await trafficRows(second.database.db, deployment!.id))[0]!.updatedAt;
        await waitFor(
          async () => {
            const [day] = await trafficRows(second.database.db, deployment!.id);
            return day!.updatedAt.getTime() > stoppedAt.getTime() + 1000;
          },
          { what: 'sampling after the restart' },
        );
        await expectCountedOnce(second.database.db, deployment!.id, deployment!.updatedAt);
        const userEvents = await second.database.db
          .select()
          .from(events)
          .where(and(eq(events.userId, user.userId), eq(events.eventType, 'TRAFFIC_UPDATE')));
        expect(userEvents.length).toBeLessThanOrEqual(1);
      } finally {
        for (const app of apps) await app.close();
      }
    } finally {
      await storage.dispose();
    }
  }, 60_000);

  it("keeps counting other users' traffic when one user's sample cannot be stored", async () => {
    const t = await createClusterTestApp(
      backend,
      { drivers: steadyDrivers() },
      { intelligence: { trafficSampleIntervalMs: 3_600_000 } },
    );
    try {
      const admin = await logIn(t.app);
      const other = await addUser(t, admin, 'traffic-after');
      const broken = await deployedApp(t, admin, ['ca-montreal'], 'broken');
      const fine = await deployedApp(t, other, ['gb-london'], 'fine');
      const brokenId = broken.deployments[0]!.uuid;
      // A driver answering nonsense for one deployment: its row cannot be written.
      class OneBadAnswer extends SteadyTrafficDriver {
        override async observeTraffic(spec: ClusterSpec, targets: readonly TrafficTarget[]) {
          const observed = await super.observeTraffic(spec, targets);
          return observed.map((item) =>
            item.deploymentId === brokenId ? { ...item, users: Number.NaN } : item,
          );
        }
      }
      const service = createIntelligenceService({
        db: t.database.db,
        jobs: idleJobs,
        drivers: new Map([['simulator', new OneBadAnswer({ timeScale: 0, failDatacenters: [] })]]),
      });
      await expect(service.sample(new Date(Date.now() + 1000))).rejects.toThrow();
      expect(await trafficRows(t.database.db, fine.deployments[0]!.uuid)).toHaveLength(1);
      expect(await trafficRows(t.database.db, brokenId)).toHaveLength(0);
    } finally {
      await t.close();
    }
  }, 60_000);
});
