import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClusterUnreachableError, type ClusterSpec } from '../infrastructure-driver';
import { startExternalKubeApi, type ExternalKubeApi } from './external-kube-api.test-support';
import { KubernetesDriver } from './kubernetes-driver';
import { quantityValue } from './kubernetes-snapshot';

describe('a cluster’s nodes and pods read through its API', () => {
  let api: ExternalKubeApi;
  let spec: ClusterSpec;

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

  it('lists nodes and the pods of every namespace, as kubectl would show them', async () => {
    // The API under test listens on loopback, which only this switch lets a driver dial.
    const driver = new KubernetesDriver({ endpoints: { allowPrivate: true } });
    await driver.applyWorkload(spec, {
      deploymentId: 'd-1',
      namespace: 'shop',
      manifests: [
        {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: 'shop' },
          spec: {
            replicas: 2,
            selector: { matchLabels: { app: 'shop' } },
            template: {
              metadata: { labels: { app: 'shop' } },
              spec: { containers: [{ name: 'shop', image: 'nginx:1.27' }] },
            },
          },
        },
      ],
    });
    const snapshot = await driver.observeCluster(spec);
    expect(snapshot.nodes).toEqual([
      {
        name: 'node-1',
        status: 'Ready',
        kubeletVersion: 'v1.31.4',
        cpuCores: 8,
        memoryBytes: 16 * 2 ** 30,
      },
      {
        name: 'node-2',
        status: 'Ready',
        kubeletVersion: 'v1.31.4',
        cpuCores: 8,
        memoryBytes: 16 * 2 ** 30,
      },
    ]);
    expect(snapshot.pods).toHaveLength(2);
    expect(snapshot.pods[0]).toMatchObject({
      namespace: 'shop',
      name: expect.stringMatching(/^shop-[a-z0-9]{10}-[a-z0-9]{5}$/),
      readyContainers: 1,
      containers: 1,
      status: 'Running',
      restarts: 0,
      createdAt: expect.any(Date),
    });
    // One list of each across namespaces, no per-namespace walk.
    const lists = api.requests.filter((request) => request.method === 'GET').map((r) => r.path);
    expect(lists).toEqual(expect.arrayContaining(['/api/v1/nodes', '/api/v1/pods']));
  });

  it('says in one sentence why a cluster cannot be read', async () => {
    const refusing = new KubernetesDriver({ endpoints: { allowPrivate: false } });
    const refused = refusing.observeCluster(spec);
    await expect(refused).rejects.toBeInstanceOf(ClusterUnreachableError);
    await expect(refused).rejects.toThrow(/^The cluster API .*\.$/);
    const unreachable = {
      ...spec,
      kubeconfig: spec.kubeconfig!.replace(/server: \S+/, 'server: https://127.0.0.1:9/'),
    };
    const driver = new KubernetesDriver({ endpoints: { allowPrivate: true } });
    await expect(driver.observeCluster(unreachable)).rejects.toThrow(
      'The cluster API at https://127.0.0.1:9 cannot be reached.',
    );
    await expect(driver.observeCluster({ ...spec, kubeconfig: undefined })).rejects.toThrow(
      'edge-external has no kubeconfig.',
    );
  });

  it('reads Kubernetes quantities', () => {
    expect(quantityValue('4')).toBe(4);
    expect(quantityValue('3500m')).toBe(3.5);
    expect(quantityValue('16Gi')).toBe(16 * 2 ** 30);
    expect(quantityValue('1.5Gi')).toBe(1.5 * 2 ** 30);
    expect(quantityValue('129e6')).toBe(129e6);
    expect(quantityValue('2G')).toBe(2e9);
    expect(quantityValue('lots')).toBe(0);
    expect(quantityValue(undefined)).toBe(0);
  });
});
