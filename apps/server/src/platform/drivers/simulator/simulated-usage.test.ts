import { describe, expect, it } from 'vitest';
import type { ClusterSpec, WorkloadSpec } from '../infrastructure-driver';
import { SimulatorDriver } from './simulator-driver';
import { simulatedUsage } from './simulated-usage';

const spec: ClusterSpec = {
  clusterId: '00000000-0000-4000-8000-00000000000a',
  name: 'watch-ca-toronto',
  datacenter: { uuid: 'ca-toronto', location: 'Toronto', latitude: 43.7, longitude: -79.4 },
  clusterSize: 'mini',
  masterCount: 1,
  minionCount: 2,
};

function workload(name: string, image: string, replicas = 2): WorkloadSpec {
  return {
    deploymentId: `d-${name}`,
    namespace: name,
    manifests: [
      {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name },
        spec: {
          replicas,
          selector: { matchLabels: { app: name } },
          template: {
            metadata: { labels: { app: name } },
            spec: { containers: [{ name, image }] },
          },
        },
      },
    ],
  };
}

describe('what the simulator shows the monitoring page', () => {
  it('lists the cluster’s nodes and every namespace’s pods through its Kubernetes API', async () => {
    const driver = new SimulatorDriver({ timeScale: 0, failDatacenters: [] });
    try {
      await driver.createCluster(spec);
      await driver.applyWorkload(spec, workload('shop', 'nginx:1.27'));
      await driver.applyWorkload(spec, workload('broken', 'Not A Valid Image!', 1));
      const snapshot = await driver.observeCluster(spec);
      // Each node as big as the flavor it was ordered in: Mini, 2 vCPU and 4 GB.
      const mini = { status: 'Ready', cpuCores: 2, memoryBytes: 4 * 2 ** 30 };
      expect(snapshot.nodes).toEqual([
        expect.objectContaining({ name: 'node-1', ...mini }),
        expect.objectContaining({ name: 'node-2', ...mini }),
      ]);
      expect(snapshot.pods.map((pod) => [pod.namespace, pod.status, pod.readyContainers])).toEqual([
        ['broken', 'ErrImagePull', 0],
        ['shop', 'Running', 1],
        ['shop', 'Running', 1],
      ]);
      // Pods sit on the cluster's own nodes, never on one it does not have.
      expect(snapshot.pods.every((pod) => pod.node === 'node-1' || pod.node === 'node-2')).toBe(
        true,
      );
      const large: ClusterSpec = {
        ...spec,
        clusterId: '00000000-0000-4000-8000-00000000000b',
        clusterSize: 'large',
        minionCount: 1,
      };
      await driver.createCluster(large);
      const big = await driver.observeCluster(large);
      expect(big.nodes).toEqual([
        expect.objectContaining({ name: 'node-1', cpuCores: 16, memoryBytes: 32 * 2 ** 30 }),
      ]);
    } finally {
      await driver.close();
    }
  });

  it('says crash-looping pods are so, with their restarts', async () => {
    const options = { timeScale: 0, failDatacenters: [], failRolloutDatacenters: ['ca-toronto'] };
    const driver = new SimulatorDriver(options);
    try {
      await driver.createCluster(spec);
      await driver.applyWorkload(spec, workload('shop', 'nginx:1.27', 1));
      const [pod] = (await driver.observeCluster(spec)).pods;
      expect(pod).toMatchObject({ status: 'CrashLoopBackOff', readyContainers: 0, containers: 1 });
    } finally {
      await driver.close();
    }
  });

  it('keeps a usage history that a refresh redraws the same, growing with the pods', async () => {
    const driver = new SimulatorDriver({ timeScale: 0, failDatacenters: [] });
    try {
      await driver.createCluster(spec);
      const to = new Date();
      const window = { from: new Date(to.getTime() - 3_600_000), to, stepMs: 60_000 };
      const idle = await driver.observeUsage(spec, window);
      expect(idle.length).toBeGreaterThanOrEqual(60);
      expect(idle.every((sample) => sample.at.getTime() % 60_000 === 0)).toBe(true);
      // Asked again half a minute later: the instants both windows hold have the same values.
      const later = await driver.observeUsage(spec, {
        ...window,
        from: new Date(window.from.getTime() + 30_000),
        to: new Date(to.getTime() + 30_000),
      });
      const byInstant = new Map(idle.map((sample) => [sample.at.getTime(), sample]));
      const shared = later.filter((sample) => byInstant.has(sample.at.getTime()));
      expect(shared.length).toBeGreaterThanOrEqual(59);
      for (const sample of shared) expect(byInstant.get(sample.at.getTime())).toEqual(sample);

      await driver.applyWorkload(spec, workload('shop', 'nginx:1.27', 6));
      const busy = await driver.observeUsage(spec, {
        ...window,
        to: new Date(Date.now() + 60_000),
      });
      const last = busy[busy.length - 1]!;
      // The new pods count from when they started; the past before them stays as it was.
      expect(last.cpuCores).toBeGreaterThan(idle[idle.length - 1]!.cpuCores);
      expect(busy[0]).toEqual(idle[0]);
    } finally {
      await driver.close();
    }
  });

  it('bounds the samples of any window and follows the daily rhythm', () => {
    const base = {
      clusterId: spec.clusterId,
      nodeCount: 1,
      pods: [{ startedAt: 0, running: true }],
    };
    const to = new Date('2026-01-01T00:00:00Z');
    const year = { from: new Date(to.getTime() - 365 * 86_400_000), to, stepMs: 1000 };
    expect(simulatedUsage({ ...base, rhythmAt: () => 1 }, year)).toHaveLength(1440);
    const hour = { from: new Date(to.getTime() - 3_600_000), to, stepMs: 60_000 };
    const quiet = simulatedUsage({ ...base, rhythmAt: () => 0.2 }, hour);
    const busy = simulatedUsage({ ...base, rhythmAt: () => 1 }, hour);
    const total = (samples: typeof quiet) => samples.reduce((sum, s) => sum + s.cpuCores, 0);
    expect(total(busy)).toBeGreaterThan(total(quiet) * 1.3);
  });
});
