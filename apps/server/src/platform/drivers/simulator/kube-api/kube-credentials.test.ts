import { randomBytes, randomUUID } from 'node:crypto';
import https from 'node:https';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { memoryKubePersistence } from './kube-persistence';
import { SimulatedKubeApi } from './simulated-kube-api';
import { configMap, kubeClient } from './simulated-kube-client.test-support';

const unauthorized = {
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  status: 'Failure',
  message: 'Unauthorized',
  reason: 'Unauthorized',
  code: 401,
};

/** A watch with the kubeconfig's token: `started` at its first event, `ended` when the API ends it. */
function watch(kubeconfig: string, path: string) {
  const config = parse(kubeconfig) as {
    clusters: { cluster: { server: string; 'certificate-authority-data': string } }[];
    users: { user: { token: string } }[];
  };
  const { server, 'certificate-authority-data': ca } = config.clusters[0]!.cluster;
  let started = () => {};
  const startedPromise = new Promise<void>((resolve) => (started = resolve));
  const ended = new Promise<void>((resolve) => {
    const request = https.get(
      `${server}${path}?watch=true&timeoutSeconds=30`,
      {
        ca: Buffer.from(ca, 'base64').toString('utf8'),
        headers: { authorization: `Bearer ${config.users[0]!.user.token}` },
      },
      (response) => {
        response.once('data', () => started());
        response.on('error', () => {});
        response.on('close', () => resolve());
      },
    );
    request.on('error', () => resolve());
  });
  return { started: startedPromise, ended };
}

describe('the credentials of a simulated cluster', () => {
  const persistence = memoryKubePersistence();
  const api = new SimulatedKubeApi({
    secret: randomBytes(32),
    port: 0,
    persistence,
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
  const path = '/api/v1/namespaces/default/configmaps';

  it('are refused once rotated, a watch with them cut; the new ones work', async () => {
    const id = randomUUID();
    await api.issueCredentials(id);
    const before = await api.kubeconfig(id, 'rotating');
    const old = kubeClient(before);
    expect((await old('POST', path, configMap('kept', 10))).status).toBe(201);
    const watching = watch(before, path);
    await watching.started;

    expect(await api.rotateCredentials(id)).toBe(true);
    // Cut at once, not at the watch's 30 s timeout.
    await watching.ended;
    expect(await old('GET', path)).toEqual({ status: 401, body: unauthorized });
    expect(await old('POST', path, configMap('after', 10))).toEqual({
      status: 401,
      body: unauthorized,
    });
    const fresh = kubeClient(await api.kubeconfig(id, 'rotating'));
    const listed = await fresh('GET', path);
    expect(listed.status).toBe(200);
    expect(
      (listed.body.items as { metadata: { name: string } }[]).map((o) => o.metadata.name),
    ).toEqual(['kept']);
  });

  it('end with their cluster, whose objects are removed and stay removed', async () => {
    const id = randomUUID();
    await api.issueCredentials(id);
    const kube = kubeClient(await api.kubeconfig(id, 'deleted'));
    expect((await kube('POST', path, configMap('data', 10))).status).toBe(201);
    await expect.poll(async () => (await persistence.load(id)).length).toBe(1);

    await api.forget(id);
    expect(await kube('GET', path)).toEqual({ status: 401, body: unauthorized });
    expect(await kube('POST', path, configMap('again', 10))).toEqual({
      status: 401,
      body: unauthorized,
    });
    expect(await persistence.load(id)).toEqual([]);
    expect(await persistence.credentialsOf(id)).toBeUndefined();
    await expect(api.kubeconfig(id, 'deleted')).rejects.toThrow(
      'The cluster deleted no longer exists: it was deleted.',
    );
    expect(await api.rotateCredentials(id)).toBe(false);
  });
});
