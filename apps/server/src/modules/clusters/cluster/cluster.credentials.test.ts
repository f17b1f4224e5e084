import {
  credentialsMessages,
  type MonitoringPasswordRotated,
} from '@meridian/domain/clusters/cluster-credentials';
import type { Cluster, SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUser,
  embeddedBackendOnly,
  logIn,
  type LoggedIn,
  type TestApp,
} from '../../../../test-support/test-app';
import {
  configMap,
  kubeClient,
} from '../../../platform/drivers/simulator/kube-api/simulated-kube-client.test-support';
import { createClusterTestApp, multipart, waitForStatus } from './cluster.test-support';
import { simulatedKubeObjects } from '../../../platform/db/schema/platform';

const unauthorized = {
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  status: 'Failure',
  message: 'Unauthorized',
  reason: 'Unauthorized',
  code: 401,
};
const configMaps = '/api/v1/namespaces/default/configmaps';
const basic = (password: string) => `Basic ${Buffer.from(`admin:${password}`).toString('base64')}`;

describe.each(embeddedBackendOnly())('a smart cluster’s credentials on %s', (backend) => {
  let t: TestApp;
  let owner: LoggedIn;
  let stranger: LoggedIn;
  let smart: SmartCluster;
  let member: Cluster;

  const call = (user: LoggedIn, method: 'POST' | 'PUT', path: string, payload?: object) =>
    t.app.inject({ method, url: `/cluster/clusters/${path}`, headers: user.headers, payload });
  const download = async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/cluster/clusters/${smart.uuid}/config`,
      headers: { ...owner.headers, 'x-provider-id': 'ca-montreal' },
    });
    expect(response.statusCode).toBe(200);
    return Buffer.from(response.json<string>(), 'base64').toString('utf8');
  };
  const monitoring = (password: string) =>
    t.app.inject({
      method: 'GET',
      url: `/monitoring/clusters/${member.uuid}/d/k8s-nodes/nodes`,
      headers: { authorization: basic(password) },
    });

  beforeAll(async () => {
    t = await createClusterTestApp(backend);
    owner = await logIn(t.app);
    stranger = await addUser(t, owner, 'stranger');
    const created = await t.app.inject({
      method: 'POST',
      url: '/cluster/clusters',
      headers: owner.headers,
      payload: {
        name: 'rotating',
        datacenters: ['ca-montreal'],
        mode: 'MANUAL',
        cluster_size: 'mini',
        monitoring_default_password: 'first-password',
      },
    });
    expect(created.statusCode).toBe(200);
    const ready = await waitForStatus(t.app, owner, created.json<SmartCluster>().uuid, ['success']);
    if (ready === 'deleted') throw new Error('the smart cluster disappeared');
    smart = ready;
    const members = (
      await t.app.inject({ method: 'GET', url: '/cluster/clusters', headers: owner.headers })
    ).json<Cluster[]>();
    member = members.find((item) => item.smart_cluster_uuid === smart.uuid)!;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('rotates the kubeconfig token: the one downloaded before answers 401 at once', async () => {
    const downloaded = await download();
    const before = kubeClient(downloaded);
    expect((await before('POST', configMaps, configMap('settings', 10))).status).toBe(201);

    const rotated = await call(owner, 'POST', `${smart.uuid}/credentials`);
    expect(rotated.statusCode).toBe(204);
    expect(rotated.body).toBe('');
    expect(await before('GET', configMaps)).toEqual({ status: 401, body: unauthorized });

    const after = await download();
    expect(after).not.toBe(downloaded);
    const listed = await kubeClient(after)('GET', configMaps);
    expect(listed.status).toBe(200);
    expect(listed.body.items).toMatchObject([{ metadata: { name: 'settings' } }]);
    // Another user's smart cluster is as absent as a missing one.
    expect((await call(stranger, 'POST', `${smart.uuid}/credentials`)).statusCode).toBe(404);
    expect((await call(owner, 'POST', 'not-a-uuid/credentials')).statusCode).toBe(404);
  });

  it('changes the monitoring password, of at least 12 characters', async () => {
    const path = `${smart.uuid}/monitoring_password`;
    const short = await call(owner, 'PUT', path, { password: 'eleven-char' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      message: 'Validation failed',
      errors: [credentialsMessages.passwordTooShort],
    });
    expect((await call(owner, 'PUT', path, {})).json().errors).toEqual([
      credentialsMessages.passwordRequired,
    ]);
    expect((await call(stranger, 'PUT', path, { password: 'a-long-enough-one' })).statusCode).toBe(
      404,
    );
    expect((await monitoring('first-password')).statusCode).toBe(200);

    expect((await call(owner, 'PUT', path, { password: 'twelve-chars' })).statusCode).toBe(204);
    expect((await monitoring('first-password')).statusCode).toBe(401);
    expect((await monitoring('twelve-chars')).statusCode).toBe(200);
  });

  it('rotates the monitoring password to a generated one, answered once, from a session', async () => {
    const path = `${smart.uuid}/monitoring_password`;
    expect((await call(stranger, 'POST', path)).statusCode).toBe(404);
    const key = await t.app.inject({
      method: 'POST',
      url: '/auth/api_key',
      headers: owner.headers,
      payload: { name: 'ci' },
    });
    const byKey = await t.app.inject({
      method: 'POST',
      url: `/cluster/clusters/${path}`,
      headers: {
        authorization: `ApiKey ${key.json<{ key: string }>().key}`,
        'x-user-id': owner.userId,
      },
    });
    expect(byKey.statusCode).toBe(403);
    const before = await monitoring('twelve-chars');
    expect(before.statusCode).toBe(200);

    const rotated = await call(owner, 'POST', path);
    expect(rotated.statusCode).toBe(200);
    const answer = rotated.json<MonitoringPasswordRotated>();
    expect(Object.keys(answer).sort()).toEqual(['password', 'username']);
    expect(answer.username).toBe('admin');
    // 12 random bytes in base64 (spec "Generated monitoring password"): 16 characters.
    expect(Buffer.from(answer.password, 'base64')).toHaveLength(12);
    expect(answer.password).toHaveLength(16);
    expect((await monitoring('twelve-chars')).statusCode).toBe(401);
    expect((await monitoring(answer.password)).statusCode).toBe(200);
    const again = (await call(owner, 'POST', path)).json<MonitoringPasswordRotated>();
    expect(again.password).not.toBe(answer.password);
    expect((await monitoring(again.password)).statusCode).toBe(200);
  });

  it('refuses both for an external cluster, whose credentials are its owner’s', async () => {
    const form = multipart(
      { name: 'theirs' },
      { kubeConfig: { filename: 'kubeconfig.yaml', content: await download() } },
    );
    const created = await t.app.inject({
      method: 'POST',
      url: '/cluster/clusters/external',
      headers: { ...owner.headers, ...form.headers },
      payload: form.payload,
    });
    expect(created.statusCode).toBe(200);
    const external = created.json<SmartCluster>().uuid;
    const rotate = await call(owner, 'POST', `${external}/credentials`);
    expect(rotate.statusCode).toBe(409);
    expect(rotate.json()).toEqual({ message: credentialsMessages.externalCredentials });
    const password = await call(owner, 'PUT', `${external}/monitoring_password`, {
      password: 'a-long-enough-one',
    });
    expect(password.statusCode).toBe(409);
    expect(password.json()).toEqual({ message: credentialsMessages.externalMonitoring });
    const rotated = await call(owner, 'POST', `${external}/monitoring_password`);
    expect(rotated.statusCode).toBe(409);
    expect(rotated.json()).toEqual({ message: credentialsMessages.externalMonitoring });
    // Meridian serves no monitoring page for it, so it has no sign-in link either.
    const members = (
      await t.app.inject({ method: 'GET', url: '/cluster/clusters', headers: owner.headers })
    ).json<Cluster[]>();
    const theirs = members.find((item) => item.smart_cluster_uuid === external)!;
    const link = await t.app.inject({
      method: 'POST',
      url: `/monitoring/clusters/${theirs.uuid}/sign_in_link`,
      headers: owner.headers,
    });
    expect(link.statusCode).toBe(409);
    expect(link.json()).toEqual({ message: credentialsMessages.externalMonitoring });
  });

  it('ends the kubeconfig with the deleted cluster, whose objects are removed', async () => {
    const kube = kubeClient(await download());
    expect((await kube('POST', configMaps, configMap('left-behind', 10))).status).toBe(201);
    const stored = () =>
      t.database.db
        .select({ key: simulatedKubeObjects.objectKey })
        .from(simulatedKubeObjects)
        .where(eq(simulatedKubeObjects.clusterId, member.uuid));
    await expect.poll(async () => (await stored()).length).toBe(2);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/cluster/clusters/${smart.uuid}`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(200);
    await waitForStatus(t.app, owner, smart.uuid, ['deleted']);
    expect(await kube('GET', configMaps)).toEqual({ status: 401, body: unauthorized });
    expect(await kube('POST', configMaps, configMap('after', 10))).toEqual({
      status: 401,
      body: unauthorized,
    });
    expect(await stored()).toEqual([]);
    // Rotating what is gone is a 404 like any other missing smart cluster.
    expect((await call(owner, 'POST', `${smart.uuid}/credentials`)).statusCode).toBe(404);
  });
});
