import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { PermanentDriverError, type ClusterSpec } from '../infrastructure-driver';
import { dailyRhythm, localHour, SimulatorDriver } from './simulator-driver';

const spec: ClusterSpec = {
  clusterId: '00000000-0000-4000-8000-000000000001',
  name: 'demo-ca-toronto',
  datacenter: { uuid: 'ca-toronto', location: 'Toronto' },
  clusterSize: 'small',
  masterCount: 3,
  minionCount: 5,
};

describe('simulator driver', () => {
  it('plans creation 20–60 and updates 5–60 minutes on the scaled clock; 0 is immediate', () => {
    const driver = new SimulatorDriver({ timeScale: 1, failDatacenters: [] });
    for (let i = 0; i < 50; i += 1) {
      const create = driver.plannedDurationMs('create');
      expect(create).toBeGreaterThanOrEqual(20 * 60_000);
      expect(create).toBeLessThanOrEqual(60 * 60_000);
      const update = driver.plannedDurationMs('update');
      expect(update).toBeGreaterThanOrEqual(5 * 60_000);
      expect(update).toBeLessThanOrEqual(60 * 60_000);
    }
    const scaled = new SimulatorDriver({ timeScale: 0.02, failDatacenters: [] });
    expect(scaled.plannedDurationMs('create')).toBeLessThanOrEqual(72_000);
    // What the console tells users to expect: the same range on the same clock.
    expect(scaled.expectedDurationMs('create')).toEqual([24_000, 72_000]);
    expect(scaled.expectedDurationMs('update')).toEqual([6_000, 72_000]);
    expect(
      new SimulatorDriver({ timeScale: 0, failDatacenters: [] }).plannedDurationMs('create'),
    ).toBe(0);
  });

  it('gives one documentation address per master and minion, a version and a kubeconfig', async () => {
    const driver = new SimulatorDriver({ timeScale: 0, failDatacenters: [] });
    const cluster = await driver.createCluster(spec);
    expect(cluster.masterAddresses).toHaveLength(3);
    expect(cluster.nodeAddresses).toHaveLength(5);
    expect(new Set([...cluster.masterAddresses, ...cluster.nodeAddresses]).size).toBe(8);
    for (const address of cluster.masterAddresses) expect(address).toMatch(/^192\.0\.2\./);
    for (const address of cluster.nodeAddresses)
      expect(address).toMatch(/^(198\.51\.100|203\.0\.113)\./);
    expect(cluster.kubeVersion).toMatch(/^v1\.31\.\d$/);
    // Meridian serves the simulated cloud's monitoring page itself.
    expect(cluster.monitoringPath).toBe(`/monitoring/clusters/${spec.clusterId}/d/k8s-nodes/nodes`);
    // The kubeconfig reaches the cluster's API that the simulator serves on loopback.
    const config = parse(cluster.kubeconfig) as { clusters: { cluster: { server: string } }[] };
    expect(config.clusters[0]!.cluster.server).toMatch(
      new RegExp(`^https://127\\.0\\.0\\.1:\\d+/clusters/${spec.clusterId}$`),
    );
    await driver.close();
    const grown = await driver.updateCluster({ ...spec, masterCount: 1, minionCount: 7 }, cluster);
    expect(grown.masterAddresses).toEqual(cluster.masterAddresses.slice(0, 1));
    expect(grown.nodeAddresses.slice(0, 5)).toEqual(cluster.nodeAddresses);
    expect(grown.nodeAddresses).toHaveLength(7);
  });

  it('rolls workloads out through the cluster’s Kubernetes API; injected faults stick them', async () => {
    const options = { timeScale: 0, failDatacenters: [], failRolloutDatacenters: ['jp-tokyo'] };
    const driver = new SimulatorDriver(options);
    const workload = {
      deploymentId: 'd-1',
      namespace: 'web',
      manifests: [
        {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: 'web' },
          spec: {
            replicas: 2,
            selector: { matchLabels: { app: 'web' } },
            template: {
              metadata: { labels: { app: 'web' } },
              spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] },
            },
          },
        },
      ],
    };
    try {
      await driver.createCluster(spec);
      await driver.applyWorkload(spec, workload);
      expect(await driver.observeWorkload(spec, workload, { waitMs: 0 })).toEqual({
        state: 'available',
        endpoint: null,
        readyReplicas: 2,
      });
      const tokyo = { ...spec, clusterId: '00000000-0000-4000-8000-000000000002' };
      const inTokyo = { ...tokyo, datacenter: { uuid: 'jp-tokyo', location: 'Tokyo' } };
      await driver.createCluster(inTokyo);
      await driver.applyWorkload(inTokyo, workload);
      const stuck = await driver.observeWorkload(inTokyo, workload, { waitMs: 0 });
      expect(stuck).toMatchObject({
        state: 'failed',
        reason: expect.stringMatching(/timed out progressing.*CrashLoopBackOff/),
      });
      await driver.removeWorkload(spec, workload);
      await expect(driver.observeWorkload(spec, workload, { waitMs: 0 })).rejects.toThrow(
        /Reading Deployment web on demo-ca-toronto: deployments "web" not found/,
      );
    } finally {
      await driver.close();
    }
  });

  it('reports the replicas an autoscaler set with the traffic (the deployment metrics)', async () => {
    const driver = new SimulatorDriver({ timeScale: 0, failDatacenters: [] });
    const hpa = {
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name: 'web' },
      spec: {
        scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
        minReplicas: 1,
        maxReplicas: 4,
        // So low a target that any load asks for the maximum.
        metrics: [
          {
            type: 'Resource',
            resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 1 } },
          },
        ],
      },
    };
    const deployment = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web' },
      spec: {
        selector: { matchLabels: { app: 'web' } },
        template: {
          metadata: { labels: { app: 'web' } },
          spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] },
        },
      },
    };
    const workload = { deploymentId: 'd-hpa', namespace: 'web', manifests: [deployment, hpa] };
    try {
      await driver.createCluster(spec);
      await driver.applyWorkload(spec, workload);
      const window = { from: new Date(Date.now() - 60_000), to: new Date() };
      const [traffic] = await driver.observeTraffic(spec, [
        { deploymentId: 'd-hpa', replicas: 1, window },
      ]);
      expect(traffic!.replicas).toBe(4);
      const [none] = await driver.observeTraffic(spec, [
        { deploymentId: 'd-none', replicas: 1, window },
      ]);
      expect(none).not.toHaveProperty('replicas');
    } finally {
      await driver.close();
    }
  });

  it('fails for a fault-injected datacenter, permanently and with a reason', async () => {
    const driver = new SimulatorDriver({ timeScale: 0, failDatacenters: ['ca-toronto'] });
    await expect(driver.createCluster(spec)).rejects.toBeInstanceOf(PermanentDriverError);
    await expect(driver.createCluster(spec)).rejects.toThrow(/Toronto/);
    expect((await driver.observeStatus(spec)).status).toBe('failure');
  });

  it('makes traffic by replicas, with a daily rhythm by the local time of the datacenter', async () => {
    const driver = new SimulatorDriver({ timeScale: 0, failDatacenters: [] });
    // Longitude gives the hour: Tokyo (139.7° E) is 9.3 h ahead of UTC, Montréal 4.9 h behind.
    expect(localHour(new Date('2026-11-22T07:00:00Z'), 139.7)).toBeCloseTo(16.31, 1);
    expect(localHour(new Date('2026-11-22T02:00:00Z'), -73.6)).toBeCloseTo(21.09, 1);
    expect(dailyRhythm(4)).toBeCloseTo(0.2);
    expect(dailyRhythm(16)).toBeCloseTo(1);
    const hour = (at: string) => ({ from: new Date(at), to: new Date(Date.parse(at) + 3_600_000) });
    const observe = async (longitude: number, replicas: number, at: string) => {
      const [traffic] = await driver.observeTraffic(
        { ...spec, datacenter: { ...spec.datacenter, longitude } },
        [{ deploymentId: spec.clusterId, replicas, window: hour(at) }],
      );
      return traffic!;
    };
    // 07:00 UTC: mid-afternoon in Tokyo, the middle of the night in Montréal.
    const tokyo = await observe(139.7, 1, '2026-11-22T07:00:00Z');
    const montreal = await observe(-73.6, 1, '2026-11-22T07:00:00Z');
    expect(tokyo.requests).toBeGreaterThan(montreal.requests * 2);
    // 40–120 per replica-minute at the peak, ±15 %.
    expect(tokyo.requests).toBeGreaterThan(0.85 * 40 * 60 * 0.95);
    expect(tokyo.requests).toBeLessThan(1.15 * 120 * 60);
    expect(tokyo.users).toBeGreaterThan(tokyo.requests / 11);
    expect(tokyo.users).toBeLessThanOrEqual(tokyo.requests / 3);
    const three = await observe(139.7, 3, '2026-11-22T07:00:00Z');
    expect(three.requests).toBeGreaterThan(tokyo.requests * 2);
    expect((await observe(139.7, 0, '2026-11-22T07:00:00Z')).requests).toBe(0);
  });

  it('says where requests came from: next to the datacenter, less the share shifted away', async () => {
    const shifting = new SimulatorDriver({ timeScale: 0, failDatacenters: [] });
    const at = { from: new Date('2026-11-22T15:00:00Z'), to: new Date('2026-11-22T16:00:00Z') };
    const montreal = {
      uuid: 'ca-montreal',
      location: 'Montréal',
      latitude: 45.5,
      longitude: -73.6,
    };
    const observe = async () => {
      const [traffic] = await shifting.observeTraffic({ ...spec, datacenter: montreal }, [
        { deploymentId: spec.clusterId, replicas: 2, window: at },
      ]);
      return traffic!;
    };
    const home = await observe();
    expect(home.origins).toEqual([
      { name: 'Montréal', latitude: 45.5, longitude: -73.6, requests: home.requests },
    ]);
    shifting.shiftTraffic({ name: 'Tokyo', latitude: 35.68, longitude: 139.69, share: 0.75 });
    const shifted = await observe();
    const [stay, away] = shifted.origins!;
    expect(away).toMatchObject({ name: 'Tokyo', requests: Math.round(shifted.requests * 0.75) });
    expect(stay!.requests + away!.requests).toBe(shifted.requests);
    shifting.shiftTraffic({ name: 'Tokyo', latitude: 35.68, longitude: 139.69, share: 1 });
    expect((await observe()).origins?.map((origin) => origin.name)).toEqual(['Tokyo']);
  });
});
