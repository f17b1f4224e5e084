import { generateBasicTemplate } from '@meridian/domain/apps/basic-template';
import { parseKubernetesManifests } from '@meridian/domain/apps/advanced-template';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClusterSpec, LogLine, WorkloadSpec } from '../infrastructure-driver';
import { startExternalKubeApi, type ExternalKubeApi } from './external-kube-api.test-support';
import { KubernetesDriver } from './kubernetes-driver';

function basic(replicas = 2): WorkloadSpec['manifests'] {
  const parsed = parseKubernetesManifests(
    generateBasicTemplate('Shop', {
      deploymentImage: 'nginx:1.27',
      deploymentReplicas: replicas,
      deploymentTargetPort: 8080,
      deploymentPort: 80,
      dockerRegistryType: 'public',
    }),
  );
  if (!parsed.ok) throw new Error(parsed.errors.join());
  return parsed.documents;
}

describe('Kubernetes driver pod logs against a Kubernetes API', () => {
  let api: ExternalKubeApi;
  let spec: ClusterSpec;
  const driver = new KubernetesDriver({ endpoints: { allowPrivate: true } });
  const workload: WorkloadSpec = { deploymentId: 'd-logs', namespace: 'shop', manifests: basic() };

  beforeAll(async () => {
    // A line every 50 ms per pod, so following sees several quickly.
    api = await startExternalKubeApi({ logIntervalMs: 50 });
    spec = {
      clusterId: 'c-logs',
      name: 'edge-logs',
      datacenter: { uuid: 'external', location: 'External' },
      clusterSize: null,
      masterCount: 1,
      minionCount: 1,
      kubeconfig: api.kubeconfig,
    };
    await driver.applyWorkload(spec, workload);
    await driver.observeWorkload(spec, workload, { waitMs: 2000 });
    // Let the pods write some lines.
    await new Promise((resolve) => setTimeout(resolve, 400));
  });
  afterAll(async () => {
    await api?.close();
  });

  it('reads the last lines of every pod, merged oldest first, with timestamps asked for', async () => {
    const lines = await driver.readLogs(spec, workload, { tail: 6 });
    expect(lines).toHaveLength(6);
    expect(new Set(lines.map((line) => line.pod)).size).toBe(2);
    for (const line of lines) {
      expect(line.container).toBe('shop');
      expect(line.text).toMatch(/HTTP\/1\.1|\[error\]/);
      expect(line.text).not.toMatch(/^\d{4}-\d\d-\d\dT/);
    }
    const times = lines.map((line) => line.at);
    expect(times).toEqual([...times].sort());
    const logRequests = api.requests.filter((request) => request.path.endsWith('/log'));
    expect(logRequests.at(-1)?.query).toMatch(/timestamps=true/);
    expect(logRequests.at(-1)?.query).toMatch(/tailLines=6/);
  });

  it('reads the lines since a time', async () => {
    const since = new Date(Date.now() - 120).toISOString();
    const lines = await driver.readLogs(spec, workload, { tail: 1000, sinceTime: since });
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line.at >= since.slice(0, 19)).toBe(true);
  });

  it('follows new lines as they are written until aborted', async () => {
    const received: LogLine[] = [];
    const controller = new AbortController();
    const started = new Date().toISOString();
    const following = driver.followLogs(
      spec,
      workload,
      { tail: 1, sinceTime: started },
      (lines) => received.push(...lines),
      controller.signal,
    );
    await expect.poll(() => received.length, { timeout: 3000 }).toBeGreaterThan(4);
    controller.abort();
    await following;
    const count = received.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received.length).toBe(count);
    expect(new Set(received.map((line) => line.pod)).size).toBe(2);
  });

  it('ends a follow once the pods change, and the next follow reads the new ones too', async () => {
    const watching = new KubernetesDriver({
      endpoints: { allowPrivate: true },
      podSetCheckMs: 100,
    });
    const received: LogLine[] = [];
    const controller = new AbortController();
    let ended = false;
    const following = watching
      .followLogs(
        spec,
        workload,
        { tail: 1 },
        (lines) => received.push(...lines),
        controller.signal,
      )
      .then(() => (ended = true));
    await expect.poll(() => received.length, { timeout: 3000 }).toBeGreaterThan(0);
    expect(ended).toBe(false);
    const scaled = { ...workload, manifests: basic(3) };
    await watching.applyWorkload(spec, scaled);
    await watching.observeWorkload(spec, scaled, { waitMs: 2000 });
    // Not aborted: it ended by itself because a third pod appeared.
    await expect.poll(() => ended, { timeout: 3000 }).toBe(true);
    await following;
    const again: LogLine[] = [];
    const next = watching.followLogs(
      spec,
      scaled,
      { tail: 1 },
      (lines) => again.push(...lines),
      controller.signal,
    );
    await expect.poll(() => new Set(again.map((line) => line.pod)).size, { timeout: 3000 }).toBe(3);
    controller.abort();
    await next;
  });

  it('says in a sentence when the cluster cannot be read', async () => {
    const broken = { ...spec, kubeconfig: spec.kubeconfig!.replace(/token: .*/, 'token: nope') };
    await expect(driver.readLogs(broken, workload, { tail: 5 })).rejects.toThrow(
      /^Reading the logs on edge-logs: /,
    );
  });
});
