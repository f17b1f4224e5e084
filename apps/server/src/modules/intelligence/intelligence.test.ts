import type { App as AppEntity } from '@meridian/domain/apps/app-api';
import type { Traffic } from '@meridian/domain/traffic/traffic';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/database';
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
import { createTestClock } from '../../../test-support/test-clock';
import { createClusterTestApp, waitFor } from '../clusters/cluster/cluster.test-support';
import {
  allSettled,
  basicAppFields,
  createApp,
  readySmartCluster,
  waitForDeployments,
} from '../apps/app/app.test-support';
import { createIntelligenceContext } from './intelligence-context';
import { sampleTraffic } from './traffic-sampling';
import { trafficHours } from '../../platform/db/schema/metering';
import { deployments } from '../../platform/db/schema/apps';
import { events } from '../../platform/db/schema/accounts';

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

const day = 86_400_000;

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
  return db.select().from(trafficHours).where(eq(trafficHours.deploymentId, deploymentId));
}

describe.each(embeddedBackendOnly())('traffic on %s', (backend) => {
  it('samples successful deployments only, per region, and shows each user only theirs', async () => {
    // The app reads its figures at the test's time; rounds are sampled by hand at times it chooses.
    const clock = createTestClock(new Date('2024-03-05T10:20:00Z'));
    const t = await createClusterTestApp(
      backend,
      { drivers: steadyDrivers() },
      {
        now: clock.now,
        intelligence: { trafficSampleIntervalMs: 3_600_000 },
        // Sessions outlive the day the clock jumps over.
        auth: { sessionPolicy: { idleTimeoutMs: 2 * day, absoluteLifetimeMs: 2 * day } },
      },
    );
    try {
      const admin = await logIn(t.app);
      const other = await addUser(t, admin, 'traffic-other');
      const idle = await addUser(t, admin, 'traffic-idle');
      const shop = await deployedApp(t, admin, ['ca-montreal', 'jp-tokyo'], 'shop');
      const blog = await deployedApp(t, other, ['gb-london'], 'blog');
      const context = createIntelligenceContext({
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
      const deployedAt = clock.now();
      await t.database.db.update(deployments).set({ updatedAt: deployedAt });
      await t.database.db
        .update(deployments)
        .set({ status: 'failure' })
        .where(eq(deployments.id, tokyo!.id));
      const [london] = await deploymentRows(t.database.db, blog.uuid);
      expect(montreal!.readyReplicas).toBe(2);

      const first = new Date(deployedAt.getTime() + 1000);
      expect((await sampleTraffic(context, first)).sort()).toEqual(
        [admin.userId, other.userId].sort(),
      );
      const second = new Date(first.getTime() + 5000);
      await sampleTraffic(context, second);
      // The same round again (another process, a retry) adds nothing: its windows are closed.
      expect(await sampleTraffic(context, second)).toEqual([]);
      clock.advance(6000);

      // 2 replicas × 6,000 ms sampled, in the hour the samples ended in.
      const [montrealHour] = await trafficRows(t.database.db, montreal!.id);
      expect(montrealHour).toMatchObject({
        userId: admin.userId,
        datacenterUuid: 'ca-montreal',
        hour: new Date('2024-03-05T10:00:00Z'),
        requests: 12_000,
        users: 6,
        sampledSeconds: 6,
        updatedAt: second,
      });
      expect(await trafficRows(t.database.db, tokyo!.id)).toEqual([]);
      const [londonHour] = await trafficRows(t.database.db, london!.id);
      expect(londonHour!.requests).toBe(12_000);

      // Requests a day at this hour's rate (2,000 a second), users of the last 24 hours.
      const mine = await getTraffic(t, admin);
      expect(mine).toEqual({
        daily_totals: { total_requests: 172_800_000, daily_active_users: 6 },
        regions: [
          {
            datacenter_uuid: 'ca-montreal',
            name: 'Montréal',
            num_requests: 172_800_000,
            num_users: 6,
          },
        ],
      });
      const theirs = await getTraffic(t, other);
      expect(theirs.regions.map((region) => region.datacenter_uuid)).toEqual(['gb-london']);
      expect(theirs.daily_totals.total_requests).toBe(172_800_000);
      expect(await getTraffic(t, idle)).toEqual({
        daily_totals: { total_requests: 0, daily_active_users: 0 },
        regions: [],
      });

      // Tokyo recovers: from then on it counts, in its own region, added to the totals.
      const recovered = new Date(second.getTime() + 1000);
      await t.database.db
        .update(deployments)
        .set({ status: 'success', updatedAt: recovered })
        .where(eq(deployments.id, tokyo!.id));
      await sampleTraffic(context, new Date(recovered.getTime() + 3000));
      const after = await getTraffic(t, admin);
      expect(after.regions).toEqual([
        expect.objectContaining({ datacenter_uuid: 'ca-montreal' }),
        expect.objectContaining({
          datacenter_uuid: 'jp-tokyo',
          name: 'Tokyo',
          num_requests: 172_800_000,
          num_users: 3,
        }),
      ]);
      expect(after.daily_totals).toEqual({
        total_requests: 2 * 172_800_000,
        daily_active_users: 6 + 4 + 3,
      });

      // Montréal stops serving: its rate now is none, its users stay those of the last day.
      await t.database.db
        .update(deployments)
        .set({ status: 'failure' })
        .where(eq(deployments.id, montreal!.id));
      const stopped = await getTraffic(t, admin);
      expect(stopped.regions[0]).toMatchObject({ num_requests: 0, num_users: 10 });
      // A day later nothing was served: users a day fall to none, and the regions go.
      clock.advance(23 * 3_600_000);
      expect((await getTraffic(t, admin)).daily_totals.daily_active_users).toBe(13);
      clock.advance(3_600_000);
      expect(await getTraffic(t, admin)).toEqual({
        daily_totals: { total_requests: 0, daily_active_users: 0 },
        regions: [],
      });

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
      const hours = await trafficRows(db, deploymentId);
      const end = Math.max(...hours.map((hour) => hour.updatedAt.getTime()));
      const requests = hours.reduce((sum, hour) => sum + hour.requests, 0);
      expect(requests).toBe((end - deployedAt.getTime()) * 2);
    };
    /** Where the deployment's latest hour ends (they may span an hour's turn). */
    const sampledUntil = async (db: Database, deploymentId: string) => {
      const hours = await trafficRows(db, deploymentId);
      return hours.length ? Math.max(...hours.map((hour) => hour.updatedAt.getTime())) : 0;
    };
    try {
      const first = await open();
      const user = await logIn(first.app);
      const shop = await deployedApp(first, user, ['ca-montreal'], 'shop');
      const [deployment] = await deploymentRows(first.database.db, shop.uuid);
      await waitFor(
        async () =>
          (await sampledUntil(first.database.db, deployment!.id)) >
          deployment!.updatedAt.getTime() + 500,
        { what: 'a few sampling rounds' },
      );
      const [sampled] = await trafficRows(first.database.db, deployment!.id);
      expect(sampled!.datacenterUuid).toBe('ca-montreal');
      await first.close();

      // The next round is a durable job, waiting in the database for whichever process comes.
      const second = await open();
      const apps = backend === 'postgres' ? [second, await open()] : [second];
      try {
        const queued = await second.database.db.execute(
          sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'sample-traffic'`,
        );
        expect((queued as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThan(0);
        const stoppedAt = await sampledUntil(second.database.db, deployment!.id);
        await waitFor(
          async () => (await sampledUntil(second.database.db, deployment!.id)) > stoppedAt + 1000,
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
      const context = createIntelligenceContext({
        db: t.database.db,
        jobs: idleJobs,
        drivers: new Map([['simulator', new OneBadAnswer({ timeScale: 0, failDatacenters: [] })]]),
      });
      await expect(sampleTraffic(context, new Date(Date.now() + 1000))).rejects.toThrow();
      expect(await trafficRows(t.database.db, fine.deployments[0]!.uuid)).toHaveLength(1);
      expect(await trafficRows(t.database.db, brokenId)).toHaveLength(0);
    } finally {
      await t.close();
    }
  }, 60_000);
});
