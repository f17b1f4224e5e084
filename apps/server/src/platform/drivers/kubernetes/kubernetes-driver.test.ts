import { generateBasicTemplate } from '@meridian/domain/apps/basic-template';
import { parseKubernetesManifests } from '@meridian/domain/apps/advanced-template';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClusterSpec, WorkloadSpec } from '../infrastructure-driver';
import { PermanentDriverError } from '../infrastructure-driver';
import { resourceByKind } from '../simulator/kube-api/kube-resources';
import { startExternalKubeApi, type ExternalKubeApi } from './external-kube-api.test-support';
import { KubernetesDriver } from './kubernetes-driver';

function manifestsOf(text: string) {
  const parsed = parseKubernetesManifests(text);
  if (!parsed.ok) throw new Error(parsed.errors.join());
  return parsed.documents;
}

const basic = (image = 'nginx:1.27') =>
  manifestsOf(
    generateBasicTemplate('Shop', {
      deploymentImage: image,
      deploymentReplicas: 3,
      deploymentTargetPort: 8080,
      deploymentPort: 80,
      dockerRegistryType: 'public',
    }),
  );

describe('Kubernetes driver against a Kubernetes API', () => {
  let api: ExternalKubeApi;
  let spec: ClusterSpec;
  // The API under test listens on loopback, which only this switch lets a driver dial.
  const driver = new KubernetesDriver({ endpoints: { allowPrivate: true } });
  const workload = (manifests = basic(), deploymentId = 'd-1'): WorkloadSpec => ({
    deploymentId,
    namespace: 'shop',
    manifests,
  });

  beforeAll(async () => {
    api = await startExternalKubeApi();
    spec = {
      clusterId: 'c1',
      name: 'edge-external',
      datacenter: { uuid: 'external', location: 'External' },
      clusterSize: null,
      masterCount: 1,
      minionCount: 1,
      kubeconfig: api.kubeconfig,
    };
  });
  afterAll(async () => {
    await api?.close();
  });

  it('applies every object server-side as meridian, then observes the rollout available', async () => {
    await driver.applyWorkload(spec, workload());
    const patches = api.requests.filter((request) => request.method === 'PATCH');
    expect(patches.map((request) => request.path)).toEqual([
      '/api/v1/namespaces/shop',
      '/api/v1/namespaces/shop/services/shop',
      '/apis/apps/v1/namespaces/shop/deployments/shop',
    ]);
    for (const patch of patches) {
      expect(patch.contentType).toBe('application/apply-patch+yaml');
      expect(patch.query).toMatch(/fieldManager=meridian/);
      expect(patch.query).toMatch(/force=true/);
    }
    const live = api.cluster.store.find(resourceByKind('apps/v1', 'Deployment')!, 'shop', 'shop');
    expect(live?.metadata).toMatchObject({
      labels: { 'app.kubernetes.io/managed-by': 'meridian' },
      annotations: { 'meridian.dev/deployment': 'd-1' },
    });
    const observed = await driver.observeWorkload(spec, workload(), { waitMs: 0 });
    expect(observed).toEqual({
      state: 'available',
      endpoint: expect.stringMatching(/^203\.0\.113\.\d+$/),
      readyReplicas: 3,
    });
  });

  it('puts objects that name no namespace into the app’s, which it makes and later removes', async () => {
    const config = manifestsOf(
      'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: settings }\ndata: { mode: fast }\n',
    );
    await driver.applyWorkload(spec, {
      deploymentId: 'd-9',
      namespace: 'settings-app',
      manifests: config,
    });
    expect(api.has('v1', 'Namespace', undefined, 'settings-app')).toBe(true);
    expect(api.has('v1', 'ConfigMap', 'settings-app', 'settings')).toBe(true);
    expect(api.has('v1', 'ConfigMap', 'default', 'settings')).toBe(false);
    await driver.removeWorkload(spec, {
      deploymentId: 'd-9',
      namespace: 'settings-app',
      manifests: config,
    });
    expect(api.has('v1', 'Namespace', undefined, 'settings-app')).toBe(false);
  });

  it('reports a rollout its controller gave up on, with the condition and the pods’ reason', async () => {
    await driver.applyWorkload(spec, workload(basic('Not An Image')));
    const observed = await driver.observeWorkload(spec, workload(), { waitMs: 0 });
    expect(observed.state).toBe('failed');
    if (observed.state !== 'failed') return;
    expect(observed.reason).toMatch(
      /^Deployment shop did not become available on edge-external: ReplicaSet "shop-[a-z0-9]{10}" has timed out progressing\. Its pods are waiting: ErrImagePull: Failed to pull image "Not An Image"/,
    );
    expect(observed.reason).not.toMatch(/HTTP|\{/);
  });

  it('watches a rollout in progress and reconnects when the stream drops', async () => {
    api.cluster.behaviour = {
      ...api.cluster.behaviour,
      rolloutMs: () => 1500,
      progressDeadlineMs: 60_000,
    };
    await driver.applyWorkload(spec, workload(basic('nginx:1.28')));
    expect(await driver.observeWorkload(spec, workload(), { waitMs: 0 })).toMatchObject({
      state: 'progressing',
      message: 'Waiting for Deployment shop to roll out.',
    });
    const watches = () => api.requests.filter((request) => /watch=true/.test(request.query)).length;
    const before = watches();
    const first = driver.observeWorkload(spec, workload(), { waitMs: 30_000 });
    await expect.poll(watches).toBe(before + 1);
    api.api.dropConnections();
    // The dropped watch ends the wait early; the next look watches afresh until the rollout is done.
    expect((await first).state).toBe('progressing');
    const second = await driver.observeWorkload(spec, workload(), { waitMs: 30_000 });
    expect(watches()).toBe(before + 2);
    expect(second).toMatchObject({ state: 'available', readyReplicas: 3 });
  });

  it('refuses kinds an app may not hold, before touching the cluster', async () => {
    const role = manifestsOf(
      'apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRoleBinding\nmetadata: { name: admin-for-all }\n',
    );
    const count = api.requests.length;
    await expect(driver.applyWorkload(spec, workload(role))).rejects.toThrow(
      /^Meridian does not deploy ClusterRoleBinding: an app may hold Namespace, Deployment/,
    );
    expect(api.requests.length).toBe(count);
  });

  it('removes the objects, the namespace last, and tolerates what is already gone', async () => {
    await driver.removeWorkload(spec, workload());
    expect(api.has('apps/v1', 'Deployment', 'shop', 'shop')).toBe(false);
    expect(api.has('v1', 'Namespace', undefined, 'shop')).toBe(false);
    const deletes = api.requests.filter((request) => request.method === 'DELETE');
    expect(deletes.at(-1)!.path).toBe('/api/v1/namespaces/shop');
    await expect(driver.removeWorkload(spec, workload())).resolves.toBeUndefined();
  });

  it('keeps a namespace another deployment made', async () => {
    await driver.applyWorkload(spec, workload(basic(), 'd-owner'));
    await driver.removeWorkload(spec, { ...workload(basic(), 'd-other'), manifests: [] });
    expect(api.has('v1', 'Namespace', undefined, 'shop')).toBe(true);
    await driver.removeWorkload(spec, workload(basic(), 'd-owner'));
  });

  it('refuses Heat stacks and cluster provisioning: the cluster is the user’s', async () => {
    await expect(driver.createStack(spec)).rejects.toBeInstanceOf(PermanentDriverError);
    await expect(driver.createCluster(spec)).rejects.toBeInstanceOf(PermanentDriverError);
  });

  it('observes the cluster’s status from its API, and an unreachable one as a retryable error', async () => {
    expect(await driver.observeStatus(spec)).toEqual({ status: 'success' });
    const gone = { ...spec, kubeconfig: api.kubeconfig.replace(api.origin, 'https://127.0.0.1:9') };
    expect(await driver.observeStatus(gone)).toMatchObject({
      status: 'failure',
      reason: expect.stringMatching(/cannot be reached/),
    });
    const error = await driver.applyWorkload(gone, workload()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(PermanentDriverError);
  });
});
