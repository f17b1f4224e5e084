import type { NotificationEvent } from '@meridian/domain/events/notification-event';
import { placementHistorySchema } from '@meridian/domain/clusters/placement-decision';
import type { Cluster, SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClusterSpec, TrafficTarget } from '../../../platform/drivers/infrastructure-driver';
import { SimulatorDriver } from '../../../platform/drivers/simulator/simulator-driver';
import {
  embeddedBackendOnly,
  logIn,
  type LoggedIn,
  type TestApp,
} from '../../../../test-support/test-app';
import {
  basicAppFields,
  createApp,
  listApps,
  waitForDeployments,
} from '../../apps/app/app.test-support';
import { createIntelligenceContext } from '../../intelligence/intelligence-context';
import { sampleTraffic } from '../../intelligence/traffic-sampling';
import {
  createClusterTestApp,
  smartClusters,
  waitFor,
  waitForStatus,
} from './cluster.test-support';

const hour = 3_600_000;

/** The simulator, with a steady load when the test sets one: requests a minute per deployment. */
class LoadedSimulator extends SimulatorDriver {
  requestsPerMinute: number | null = null;

  override async observeTraffic(spec: ClusterSpec, targets: readonly TrafficTarget[]) {
    const observed = await super.observeTraffic(spec, targets);
    const rate = this.requestsPerMinute;
    if (rate === null) return observed;
    return targets.map(({ deploymentId, window }) => {
      const requests = Math.round((rate * (window.to.getTime() - window.from.getTime())) / 60_000);
      const { location: name, latitude = 0, longitude = 0 } = spec.datacenter;
      return {
        deploymentId,
        requests,
        users: 1,
        origins: [{ name, latitude, longitude, requests }],
      };
    });
  }
}
const tokyo = { name: 'Tokyo users', latitude: 35.68, longitude: 139.69 };
const london = { name: 'London users', latitude: 51.51, longitude: -0.13 };

describe.each(embeddedBackendOnly())('re-placement on observed traffic on %s', (backend) => {
  let t: TestApp;
  let admin: LoggedIn;
  // The app's clock: the test moves it hours ahead instead of waiting. It starts at 01:00 UTC so
  // that no step crosses midnight, where each deployment's traffic day starts over.
  let clock = Math.ceil((Date.now() - hour) / (24 * hour)) * 24 * hour + hour;
  const simulator = new LoadedSimulator({ timeScale: 0, failDatacenters: [] });
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
  const sampleTrafficNow = () =>
    sampleTraffic(
      createIntelligenceContext({
        db: t.database.db,
        jobs: { send: async () => {}, wake: () => {} },
        drivers,
      }),
      new Date(clock),
    );
  /** Moves the app's clock on and samples what the drivers served meanwhile. */
  async function advance(by: number) {
    clock += by;
    await sampleTrafficNow();
  }
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
    await advance(hour / 2);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await current(smart.uuid)).toMatchObject({
      status: 'success',
      datacenters: ['ca-montreal'],
    });

    // Past it, the users now in Tokyo miss the 100 ms target from Montréal: it moves there.
    await advance(hour);
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
    await advance(hour / 4);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await current(smart.uuid)).toMatchObject({
      status: 'success',
      datacenters: ['jp-tokyo'],
    });
    await advance(2 * hour);
    await settlesOn(smart.uuid, appUuid, ['ca-montreal']);
    expect((await history(smart.uuid)).map((decision) => decision.datacenters)).toEqual([
      ['ca-montreal'],
      ['jp-tokyo'],
      ['ca-montreal'],
    ]);
  }, 90_000);

  it('adds minions where load grew, within the budget, and gives them back after the cool-down', async () => {
    simulator.shiftTraffic(null);
    // The budget pays for 4 nodes in Montréal: 1 master and at most 3 minions.
    const fourNodes = 4 * 0.0425 * 730.001;
    const created = await t.app.inject({
      method: 'POST',
      url: '/cluster/clusters',
      headers: admin.headers,
      payload: {
        name: 'scaler',
        mode: 'AUTOMATIC',
        datacenters: ['ca-montreal'],
        latency: 100,
        budget: Math.ceil(fourNodes * 100) / 100,
        cluster_size: 'mini',
        master_count: 1,
        minion_count: 1,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const smart = created.json<SmartCluster>();
    await waitForStatus(t.app, admin, smart.uuid, ['success']);
    const app = await createApp(t, admin, basicAppFields(smart.uuid, { name: 'scaler-app' }));
    const appUuid = app.json<{ uuid: string }>().uuid;
    await waitForDeployments(t, admin, appUuid, (all) => all[0]?.status === 'success');
    const minions = async () =>
      (await t.app.inject({ method: 'GET', url: '/cluster/clusters', headers: admin.headers }))
        .json<Cluster[]>()
        .filter((member) => member.smart_cluster_uuid === smart.uuid)
        .map((member) => [member.datacenter_uuid, member.minion_count, member.status]);

    // 1,000 requests a minute want 5 mini minions; the budget stops at 3.
    simulator.requestsPerMinute = 1000;
    await advance(2 * hour);
    await waitFor(async () => JSON.stringify(await minions()) === '[["ca-montreal",3,"success"]]', {
      what: 'three minions',
    });
    await waitForStatus(t.app, admin, smart.uuid, ['success']);
    const [scaled] = await history(smart.uuid);
    expect(scaled?.reason).toMatch(
      /^Scaled Montréal to 3 minions \(1,000 requests a minute\): \$62\.05 → \$124\.10 a month, as far as the budget of \$124\.1\d allows\.$/,
    );
    expect(scaled).toMatchObject({ datacenters: ['ca-montreal'], monthly_cost: 124.1 });

    // The load falls; the minions stay through the cool-down, then go back to the one asked for.
    simulator.requestsPerMinute = 40;
    await advance(hour / 2);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await minions()).toEqual([['ca-montreal', 3, 'success']]);
    await advance(2 * hour);
    await waitFor(async () => JSON.stringify(await minions()) === '[["ca-montreal",1,"success"]]', {
      what: 'one minion again',
    });
    simulator.requestsPerMinute = null;
  }, 60_000);
});
