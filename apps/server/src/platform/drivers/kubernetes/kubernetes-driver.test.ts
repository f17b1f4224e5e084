import { generateBasicTemplate } from '@meridian/domain/apps/basic-template';
import { parseKubernetesManifests } from '@meridian/domain/apps/advanced-template';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClusterSpec } from '../infrastructure-driver';
import { PermanentDriverError } from '../infrastructure-driver';
import { fakeLoadBalancerAddress, startFakeKubeApi, type FakeKubeApi } from './fake-kube-api';
import { KubernetesDriver } from './kubernetes-driver';

describe('Kubernetes driver against an API server', () => {
  let api: FakeKubeApi;
  let spec: ClusterSpec;
  const driver = new KubernetesDriver({ readinessTimeoutMs: 2000, pollIntervalMs: 50 });

  beforeAll(async () => {
    api = await startFakeKubeApi();
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

  const manifests = () => {
    const parsed = parseKubernetesManifests(
      generateBasicTemplate('Shop', {
        deploymentImage: 'nginx:1.27',
        deploymentReplicas: 3,
        deploymentTargetPort: 8080,
        deploymentPort: 80,
        dockerRegistryType: 'public',
      }),
    );
    if (!parsed.ok) throw new Error(parsed.errors.join());
    return parsed.documents;
  };

  it('applies every object server-side, labelled, and reports ready replicas and the address', async () => {
    const result = await driver.applyWorkload(spec, {
      deploymentId: 'd-1',
      manifests: manifests(),
    });
    expect(result).toEqual({ endpoint: fakeLoadBalancerAddress, readyReplicas: 3 });
    const patches = api.requests.filter((request) => request.method === 'PATCH');
    expect(patches.map((request) => request.path)).toEqual([
      '/api/v1/namespaces/shop',
      '/api/v1/namespaces/shop/services/shop',
      '/apis/apps/v1/namespaces/shop/deployments/shop',
    ]);
    expect(patches.every((request) => request.contentType === 'application/apply-patch+yaml')).toBe(
      true,
    );
    const deployment = api.objects.get('/apis/apps/v1/namespaces/shop/deployments/shop')!;
    expect(deployment.metadata).toMatchObject({
      labels: { 'app.kubernetes.io/managed-by': 'meridian' },
      annotations: { 'meridian.dev/deployment': 'd-1' },
    });
  });

  it('removes the objects, the namespace last, and tolerates what is already gone', async () => {
    await driver.removeWorkload(spec, { deploymentId: 'd-1', manifests: manifests() });
    expect(api.objects.size).toBe(0);
    const deletes = api.requests.filter((request) => request.method === 'DELETE');
    expect(deletes.at(-1)!.path).toBe('/api/v1/namespaces/shop');
    await expect(
      driver.removeWorkload(spec, { deploymentId: 'd-1', manifests: manifests() }),
    ).resolves.toBeUndefined();
  });

  it('refuses Heat stacks and cluster provisioning: the cluster is the user’s', async () => {
    await expect(driver.createStack(spec)).rejects.toBeInstanceOf(PermanentDriverError);
    await expect(driver.createCluster(spec)).rejects.toBeInstanceOf(PermanentDriverError);
  });

  it('reports an unreachable API server as a retryable error', async () => {
    const gone = { ...spec, kubeconfig: api.kubeconfig.replace(api.url, 'http://127.0.0.1:9') };
    const error = await driver
      .applyWorkload(gone, { deploymentId: 'd-2', manifests: manifests() })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(PermanentDriverError);
  });
});
