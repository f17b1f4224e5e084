import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { simulatedClusterQuota } from './kube-quota';
import { resourceByKind } from './kube-resources';
import { SimulatedKubeApi } from './simulated-kube-api';
import { configMap, kubeClient } from './simulated-kube-client.test-support';

const configMaps = resourceByKind('v1', 'ConfigMap')!;
const kibibyte = 1024;

describe('what one simulated cluster may hold', () => {
  const api = new SimulatedKubeApi({
    secret: randomBytes(32),
    port: 0,
    behaviourOf: () => ({
      now: () => Date.now(),
      rolloutMs: () => 0,
      progressDeadlineMs: 0,
      failRollouts: false,
      nodeCount: 1,
      kubeVersion: 'v1.31.5',
    }),
  });
  afterAll(() => api.close());

  const newCluster = async () => {
    const id = randomUUID();
    await api.issueCredentials(id);
    return { id, kube: kubeClient(await api.kubeconfig(id, 'quota')) };
  };
  const path = '/api/v1/namespaces/default/configmaps';

  it('refuses an object over 1 MiB with a Status 413, as etcd would', async () => {
    const { kube } = await newCluster();
    // The report: six 1.9 MB ConfigMaps were all stored.
    for (let index = 0; index < 2; index += 1) {
      const answer = await kube('POST', path, configMap(`big-${index}`, 1_900_000));
      expect(answer.status).toBe(413);
      expect(answer.body).toEqual({
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        reason: 'RequestEntityTooLarge',
        code: 413,
        message: `configmaps "big-${index}" is too large: an object may be at most 1 MiB, and this one is 1.8 MiB.`,
      });
    }
    expect((await kube('GET', path)).body.items).toEqual([]);
    expect((await kube('POST', path, configMap('fits', 900 * kibibyte))).status).toBe(201);
  });

  it('refuses what would take the cluster over 8 MiB, until something is deleted', async () => {
    const { id, kube } = await newCluster();
    const cluster = await api.open(id);
    for (let index = 0; index < 8; index += 1) {
      cluster.apply(configMaps, 'default', configMap(`part-${index}`, 1000 * kibibyte), 'test');
    }
    const over = await kube('POST', path, configMap('one-more', 1000 * kibibyte));
    expect(over.status).toBe(413);
    expect(over.body).toMatchObject({ reason: 'RequestEntityTooLarge', code: 413 });
    expect(over.body.message).toBe(
      'configmaps "one-more" does not fit: a simulated cluster holds at most 8 MiB of objects, ' +
        'and this one would hold 8.8 MiB. Delete some first.',
    );
    // Replacing an object counts its new size, not both.
    const replaced = await kube('PUT', `${path}/part-0`, configMap('part-0', 1000 * kibibyte));
    expect(replaced.status).toBe(200);
    expect((await kube('DELETE', `${path}/part-0`)).status).toBe(200);
    expect((await kube('POST', path, configMap('one-more', 1000 * kibibyte))).status).toBe(201);
  });

  it('refuses the object past 1000 with a Status 403, as an exhausted quota does', async () => {
    const { id, kube } = await newCluster();
    const cluster = await api.open(id);
    for (let index = 0; index < simulatedClusterQuota.objects; index += 1) {
      cluster.apply(configMaps, 'default', configMap(`small-${index}`, 10), 'test');
    }
    const refused = await kube('POST', path, configMap('small-1000', 10));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      kind: 'Status',
      status: 'Failure',
      reason: 'Forbidden',
      code: 403,
      message:
        'configmaps "small-1000" is forbidden: exceeded quota: a simulated cluster holds at most ' +
        '1000 objects, and this one holds 1000. Delete some first.',
    });
    // An object already there can still change.
    expect((await kube('PUT', `${path}/small-0`, configMap('small-0', 20))).status).toBe(200);
    await kube('DELETE', `${path}/small-1`);
    expect((await kube('POST', path, configMap('small-1000', 10))).status).toBe(201);
  });
});
