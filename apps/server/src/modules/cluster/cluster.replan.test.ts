import type { NotificationEvent } from '@meridian/domain/events/notification-event';
import { placementHistorySchema } from '@meridian/domain/clusters/placement-decision';
import type { SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatorDriver } from '../../platform/drivers/simulator/simulator-driver';
import {
  databaseBackends,
  logIn,
  type LoggedIn,
  type TestApp,
} from '../../../test-support/test-app';
import { basicAppFields, createApp, listApps, waitForDeployments } from '../app/app.test-support';
import { createIntelligenceService } from '../intelligence/intelligence.service';
import {
  createClusterTestApp,
  smartClusters,
  waitFor,
  waitForStatus,
} from './cluster.test-support';

const hour = 3_600_000;
const tokyo = { name: 'Tokyo users', latitude: 35.68, longitude: 139.69 };
const london = { name: 'London users', latitude: 51.51, longitude: -0.13 };

describe.each(databaseBackends())('re-placement on observed traffic on %s', (backend) => {
  let t: TestApp;
  let admin: LoggedIn;
  // The app's clock: the test moves it hours ahead instead of waiting.
  let clock = Date.now();
  const simulator = new SimulatorDriver({ timeScale: 0, failDatacenters: [] });
  const drivers = new Map([['simulator', simulator]]);

  beforeAll(async () => {
    t = await createClusterTestApp(
      backend,
      { drivers, replacement: { checkIntervalMs: 300, cooldownMs: hour } },
      { now: () => new Date(clock), intelligence: { trafficSampleIntervalMs: 86_400_000 } },
    );
    admin = await logIn(t.app);
  });
  afterAll(() => t?.close());

  /** What the drivers served up to the app's clock, sampled as the traffic round would. */
  const sampleTraffic = () =>
    createIntelligenceService({
      db: t.database.db,
      jobs: { send: async () => {}, wake: () => {} },
      drivers,
    }).sample(new Date(clock));
  const current = async (uuid: string) =>
    (await smartClusters(t.app, admin)).find((item) => item.uuid === uuid)!;
  const history = async (uuid: string) =>
    placementHistorySchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/cluster/clusters/${uuid}/placements`,
          headers: admin.headers,
        })
      ).json(),
    ).placements;
  /** Waits until the smart cluster rests on `datacenters`, its app serving from there alone. */
  async function settlesOn(uuid: string, appUuid: string, datacenters: string[]) {
    await waitFor(
      async () => {
        const smart = await current(uuid);
        const app = (await listApps(t, admin)).find((item) => item.uuid === appUuid)!;
        expect(app.deployments.some((d) => d.status === 'success')).toBe(true);
        const served = app.deployments.map((d) => d.datacenter_uuid).sort();
        return smart.status === 'success' &&
          JSON.stringify(smart.datacenters) === JSON.stringify(datacenters) &&
          JSON.stringify(served) === JSON.stringify(datacenters)
          ? smart
          : undefined;
      },
      { what: `the move to ${datacenters.join(', ')}`, timeoutMs: 30_000 },
    );
  }

  it('follows its users when they move, tells them why, and holds still while cooling down', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/cluster/clusters',
      headers: admin.headers,
      payload: {
        name: 'follower',
        mode: 'AUTOMATIC',
        datacenters: ['ca-montreal', 'jp-tokyo'],
        latency: 100,
        budget: 100_000,
        cluster_size: 'mini',
        master_count: 1,
        minion_count: 1,
        demand: [{ latitude: 45.5, longitude: -73.57, weight: 1, name: 'Montréal users' }],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const smart = created.json<SmartCluster>();
    expect(smart.datacenters).toEqual(['ca-montreal']);
    await waitForStatus(t.app, admin, smart.uuid, ['success']);
    const app = await createApp(t, admin, basicAppFields(smart.uuid, { name: 'follower-app' }));
    expect(app.statusCode, app.body).toBe(200);
    const appUuid = app.json<{ uuid: string }>().uuid;
    await waitForDeployments(t, admin, appUuid, (all) => all[0]?.status === 'success');

    // Within the cool-down nothing moves, however the traffic looks.
    simulator.shiftTraffic({ ...tokyo, share: 1 });
    clock += hour / 2;
    await sampleTraffic();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await current(smart.uuid)).toMatchObject({
      status: 'success',
      datacenters: ['ca-montreal'],
    });

    // Past it, the users now in Tokyo miss the 100 ms target from Montréal: it moves there.
    clock += hour;
    await sampleTraffic();
    await settlesOn(smart.uuid, appUuid, ['jp-tokyo']);
    const [moved, first] = await history(smart.uuid);
    expect(first?.datacenters).toEqual(['ca-montreal']);
    expect(moved).toMatchObject({ datacenters: ['jp-tokyo'], demand_source: 'traffic' });
    expect(moved?.reason).toMatch(/^Tokyo keeps 95 % of the traffic observed within 100 ms/);
    const notices = (
      await t.app.inject({
        method: 'GET',
        url: '/event/server/notifications',
        headers: admin.headers,
      })
    ).json<NotificationEvent[]>();
    const notice = notices.find((item) => item.message?.description?.startsWith('Moving to'));
    expect(notice?.message?.description).toMatch(
      /^Moving to Tokyo: p95 1\d\d\.\d → 14\.1 ms, \$\d+\.\d\d → \$\d+\.\d\d a month \(its users moved, and Montréal no longer met the 100 ms target\)\.$/,
    );

    // The users move to London: Montréal serves them within the target, once the cool-down ends.
    simulator.shiftTraffic({ ...london, share: 1 });
    clock += hour / 4;
    await sampleTraffic();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await current(smart.uuid)).toMatchObject({
      status: 'success',
      datacenters: ['jp-tokyo'],
    });
    clock += 2 * hour;
    await sampleTraffic();
    await settlesOn(smart.uuid, appUuid, ['ca-montreal']);
    expect((await history(smart.uuid)).map((decision) => decision.datacenters)).toEqual([
      ['ca-montreal'],
      ['jp-tokyo'],
      ['ca-montreal'],
    ]);
  }, 90_000);
});
