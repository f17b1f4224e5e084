import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import type { Datacenter } from '@meridian/domain/clusters/datacenter';
import { minimumMonthlyCost } from '@meridian/domain/clusters/cost-estimate';
import type { SmartClusterInFull } from '@meridian/domain/clusters/cluster-api';
import {
  clusterMessages,
  type Cluster,
  type SmartCluster,
} from '@meridian/domain/clusters/smart-cluster';
import { budgetMessage, validationMessages } from '@meridian/domain/validation-messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  embeddedBackendOnly,
  logIn,
  type LoggedIn,
  type TestApp,
} from '../../../../test-support/test-app';
import { createClusterTestApp, waitForStatus } from './cluster.test-support';
import { clusters, smartClusters } from '../../../platform/db/schema/clusters';
import { events } from '../../../platform/db/schema/accounts';

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

const manual = (datacenters: string[], extra: Record<string, unknown> = {}) => ({
  name: 'prod-east',
  datacenters,
  mode: 'MANUAL',
  cluster_size: 'small',
  master_count: 1,
  minion_count: 2,
  ...extra,
});

describe.each(embeddedBackendOnly())('smart clusters on %s', (backend) => {
  let t: TestApp;
  let admin: LoggedIn;
  let other: LoggedIn;

  beforeAll(async () => {
    t = await createClusterTestApp(backend, { failDatacenters: ['za-johannesburg'] });
    admin = await logIn(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/auth/users',
      headers: admin.headers,
      payload: { username: 'other', email: 'other@example.ca', password: 'other-password-1' },
    });
    expect(created.statusCode).toBe(201);
    other = await logIn(t.app, 'other', 'other-password-1');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const post = (user: LoggedIn, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/cluster/clusters',
      headers: user.headers,
      payload: payload as object,
    });

  it('lists seeded datacenters with coordinates and prices, only when authenticated', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/cluster/datacenters' })).statusCode).toBe(
      401,
    );
    const response = await t.app.inject({
      method: 'GET',
      url: '/cluster/datacenters',
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    const list = response.json<Datacenter[]>();
    const real = list.filter((dc) => dc.uuid !== 'external');
    expect(real.length).toBeGreaterThanOrEqual(8);
    expect(real.filter((dc) => dc.country === 'Canada').length).toBeGreaterThanOrEqual(3);
    expect(list.some((dc) => dc.uuid === 'external')).toBe(true);
    const montreal = list.find((dc) => dc.uuid === 'ca-montreal')!;
    expect(montreal.coordinates.latitude).toBeCloseTo(45.5, 0);
    expect(Object.keys(montreal.flavor_prices).sort()).toEqual([
      'large',
      'medium',
      'mini',
      'small',
    ]);
  });

  it('tells how long creating and updating take on its clock, only when authenticated', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/cluster/durations' })).statusCode).toBe(401);
    // This app's simulator is immediate (time scale 0).
    const response = await t.app.inject({
      method: 'GET',
      url: '/cluster/durations',
      headers: admin.headers,
    });
    expect([response.statusCode, response.json()]).toEqual([
      200,
      { create: { min_seconds: 0, max_seconds: 0 }, update: { min_seconds: 0, max_seconds: 0 } },
    ]);
  });

  it('describes its routes in the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/cluster/datacenters',
        '/cluster/smart_clusters',
        '/cluster/clusters',
        '/cluster/clusters/external',
        '/cluster/clusters/{id}',
        '/cluster/clusters/shared/{id}',
        '/cluster/clusters/{id}/config',
        '/cluster/durations',
      ]),
    );
  });

  it('creates, provisions, updates and deletes a smart cluster, writing its events', async () => {
    const created = await post(
      admin,
      manual(['ca-montreal', 'ca-toronto'], { monitoring_default_password: 'S3cret-pass-123' }),
    );
    expect(created.statusCode).toBe(200);
    const smart = created.json<SmartCluster>();
    expect(smart).toMatchObject({
      name: 'prod-east',
      status: 'creating',
      mode: 'MANUAL',
      datacenters: ['ca-montreal', 'ca-toronto'],
      monitoring_default_password: 'S3cret-pass-123',
      user_uuid: admin.userId,
    });
    const [stored] = await t.database.db
      .select()
      .from(smartClusters)
      .where(eq(smartClusters.id, smart.uuid));
    expect(stored!.monitoringPasswordSealed).toBeTruthy();
    expect(stored!.monitoringPasswordSealed).not.toContain('S3cret-pass-123');

    const done = (await waitForStatus(t.app, admin, smart.uuid, [
      'success',
      'failure',
    ])) as SmartCluster;
    expect(done.status).toBe('success');
    expect(done.monitoring_default_password).toBeUndefined();

    const members = (
      await t.app.inject({ method: 'GET', url: '/cluster/clusters', headers: admin.headers })
    )
      .json<Cluster[]>()
      .filter((member) => member.smart_cluster_uuid === smart.uuid);
    expect(members.map((member) => member.datacenter_uuid).sort()).toEqual([
      'ca-montreal',
      'ca-toronto',
    ]);
    for (const member of members) {
      expect(member.status).toBe('success');
      expect(member.master_addresses).toHaveLength(1);
      expect(member.master_addresses[0]).toMatch(/^192\.0\.2\.\d+$/);
      expect(member.node_addresses).toHaveLength(2);
      for (const address of member.node_addresses) {
        expect(address).toMatch(/^(198\.51\.100|203\.0\.113)\.\d+$/);
      }
      expect(member.kube_version).toMatch(/^v1\.31\.\d+$/);
      expect(member.monitoring_path).toBe(`/monitoring/clusters/${member.uuid}/d/k8s-nodes/nodes`);
    }

    // The kubeconfig: base64 YAML for the member's own API, served by Meridian on loopback.
    const config = await t.app.inject({
      method: 'GET',
      url: `/cluster/clusters/${smart.uuid}/config`,
      headers: { ...admin.headers, 'x-provider-id': 'ca-montreal' },
    });
    expect(config.statusCode).toBe(200);
    const yaml = Buffer.from(config.json<string>(), 'base64').toString('utf8');
    const kubeconfig = parse(yaml) as {
      clusters: { cluster: { server: string; 'certificate-authority-data': string } }[];
      users: { user: Record<string, string> }[];
      contexts: unknown[];
    };
    const montreal = members.find((member) => member.datacenter_uuid === 'ca-montreal')!;
    expect(kubeconfig.clusters[0]!.cluster.server).toMatch(
      new RegExp(`^https://127\\.0\\.0\\.1:\\d+/clusters/${montreal.uuid}$`),
    );
    expect(kubeconfig.contexts).toHaveLength(1);
    const ca = new x509.X509Certificate(
      Buffer.from(kubeconfig.clusters[0]!.cluster['certificate-authority-data'], 'base64'),
    );
    expect(await ca.isSelfSigned()).toBe(true);
    expect(kubeconfig.users[0]!.user.token).toMatch(/^[\w-]{43}$/);

    // Update: Toronto goes, Vancouver comes.
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/cluster/clusters/${smart.uuid}`,
      headers: admin.headers,
      payload: {
        name: 'prod-canada',
        isAppCreate: false,
        datacenters: ['ca-montreal', 'ca-vancouver'],
      },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<SmartCluster>().status).toBe('updating');
    const afterUpdate = (await waitForStatus(t.app, admin, smart.uuid, [
      'success',
      'failure',
    ])) as SmartCluster;
    expect(afterUpdate).toMatchObject({ status: 'success', name: 'prod-canada' });
    expect([...afterUpdate.datacenters].sort()).toEqual(['ca-montreal', 'ca-vancouver']);

    // Delete: gone from the list once its members are deleted.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/cluster/clusters/${smart.uuid}`,
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<SmartCluster>().status).toBe('deleting');
    expect(await waitForStatus(t.app, admin, smart.uuid, ['deleted'])).toBe('deleted');
    const left = (
      await t.app.inject({ method: 'GET', url: '/cluster/clusters', headers: admin.headers })
    )
      .json<Cluster[]>()
      .filter((member) => member.smart_cluster_uuid === smart.uuid);
    expect(left).toEqual([]);

    const types = (
      await t.database.db
        .select({ type: events.eventType, payload: events.payload })
        .from(events)
        .where(eq(events.userId, admin.userId))
    )
      .filter((row) => row.payload.smart_cluster_uuid === smart.uuid)
      .map((row) => row.type);
    const count = (type: string) => types.filter((item) => item === type).length;
    expect(count('SMART_CLUSTER_CREATE_PENDING')).toBe(1);
    expect(count('SMART_CLUSTER_CREATE_FULFILLED')).toBe(1);
    expect(count('CLUSTER_CREATE_PENDING')).toBe(3);
    expect(count('CLUSTER_CREATE_FULFILLED')).toBe(3);
    expect(count('SMART_CLUSTER_UPDATE_PENDING')).toBe(1);
    expect(count('SMART_CLUSTER_UPDATE_FULFILLED')).toBe(1);
    expect(count('CLUSTER_DELETE_PENDING')).toBe(3);
    expect(count('CLUSTER_DELETE_FULFILLED')).toBe(3);
    expect(count('SMART_CLUSTER_DELETE_PENDING')).toBe(1);
    expect(count('SMART_CLUSTER_DELETE_FULFILLED')).toBe(1);
  }, 60_000);

  it('answers the validation messages of spec "Validation rules"', async () => {
    const errorsOf = async (payload: unknown) => {
      const response = await post(admin, payload);
      expect(response.statusCode).toBe(400);
      return response.json<{ errors: string[] }>().errors;
    };
    expect(await errorsOf({})).toEqual(
      expect.arrayContaining([
        validationMessages.name,
        validationMessages.datacenterCount,
        validationMessages.mode,
        validationMessages.flavor,
      ]),
    );
    expect(await errorsOf(manual([]))).toContain(validationMessages.datacenterCount);
    expect(await errorsOf(manual(['ca-montreal'], { master_count: 0 }))).toContain(
      clusterMessages.masterLimit,
    );
    expect(await errorsOf(manual(['ca-montreal'], { minion_count: 1.5 }))).toContain(
      clusterMessages.minionLimit,
    );
    expect(await errorsOf(manual(['ca-montreal'], { name: '  ' }))).toContain(
      validationMessages.name,
    );
    expect(await errorsOf(manual(['ca-montreal'], { name: 'x'.repeat(51) }))).toContain(
      clusterMessages.nameTooLong,
    );
    expect(await errorsOf(manual(['external', 'ca-montreal']))).toContain(
      clusterMessages.noMixOfDatacenters,
    );
    expect(await errorsOf(manual(['external']))).toEqual([clusterMessages.externalNeedsUpload]);
    expect(await errorsOf(manual(['atlantis']))).toEqual([validationMessages.datacenter]);
    expect(await errorsOf(manual(['ca-montreal'], { mode: 'AUTOMATIC' }))).toEqual([
      validationMessages.latency,
    ]);
    expect(
      await errorsOf(manual(['ca-montreal'], { mode: 'AUTOMATIC', latency: -1, budget: 10_000 })),
    ).toContain(validationMessages.latency);

    // Budget: at least the "Business constants and limits" minimum, named with 2 decimals.
    const datacenters = (
      await t.app.inject({ method: 'GET', url: '/cluster/datacenters', headers: admin.headers })
    ).json<Datacenter[]>();
    const chosen = datacenters.filter((dc) => ['ca-montreal', 'jp-tokyo'].includes(dc.uuid));
    const minimum = minimumMonthlyCost({
      datacenters: chosen,
      clusterSize: 'small',
      masterCount: 1,
      minionCount: 2,
    });
    const automatic = (budget: number) =>
      manual(['ca-montreal', 'jp-tokyo'], { mode: 'AUTOMATIC', latency: 40, budget });
    // Without a budget, the answer names the minimum too.
    const missing = await errorsOf(
      manual(['ca-montreal', 'jp-tokyo'], { mode: 'AUTOMATIC', latency: 40 }),
    );
    expect(missing).toEqual([budgetMessage(minimum)]);
    const tooLow = await errorsOf(automatic(minimum - 1));
    expect(tooLow).toEqual([budgetMessage(minimum)]);
    expect(tooLow[0]).toMatch(/the minimum is \$\d+\.\d{2}$/);
    const enough = await post(admin, automatic(Math.ceil(minimum * 100) / 100));
    expect(enough.statusCode).toBe(200);
    expect(enough.json<SmartCluster>()).toMatchObject({ mode: 'AUTOMATIC', latency: 40 });
    const auto = enough.json<SmartCluster>().uuid;
    await waitForStatus(t.app, admin, auto, ['success']);

    // An automatic update changes budget and latency, with the same minimum.
    const put = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/cluster/clusters/${auto}`,
        headers: admin.headers,
        payload,
      });
    const low = await put({ name: 'auto', isAppCreate: false, budget: 1, latency: 10 });
    expect(low.statusCode).toBe(400);
    expect(low.json().errors).toEqual([budgetMessage(minimum)]);
    const unreachable = await put({ name: 'auto', isAppCreate: false, budget: 5000, latency: 10 });
    expect(unreachable.statusCode).toBe(400);
    expect(unreachable.json().errors).toEqual([
      'Please provide a valid latency; the best possible is 14 ms',
    ]);
    const raised = await put({ name: 'auto', isAppCreate: false, budget: 5000, latency: 30 });
    expect(raised.statusCode).toBe(200);
    expect(raised.json<SmartCluster>().status).toBe('updating');
    const after = (await waitForStatus(t.app, admin, auto, ['success', 'failure'])) as SmartCluster;
    expect(after).toMatchObject({ status: 'success', budget: 5000, latency: 30, name: 'auto' });
  }, 30_000);

  it('keeps a description the user gives, trimmed, until they change or clear it', async () => {
    const created = await post(
      admin,
      manual(['ca-montreal'], { name: 'described', description: '  Edge for Canada ' }),
    );
    expect(created.json<SmartCluster>().description).toBe('Edge for Canada');
    const { uuid } = created.json<SmartCluster>();
    await waitForStatus(t.app, admin, uuid, ['success']);
    const put = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/cluster/clusters/${uuid}`,
        headers: admin.headers,
        payload: { name: 'described', isAppCreate: false, ...payload },
      });
    expect((await put({})).json<SmartCluster>().description).toBe('Edge for Canada');
    await waitForStatus(t.app, admin, uuid, ['success']);
    expect((await put({ description: '' })).json<SmartCluster>().description).toBeNull();
    const tooLong = await put({ description: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
  });

  it("answers 404 for another user's smart cluster everywhere", async () => {
    const created = await post(admin, manual(['ca-toronto'], { name: 'private' }));
    const { uuid } = created.json<SmartCluster>();
    await waitForStatus(t.app, admin, uuid, ['success']);
    // The owner reads it with its member; to anyone else it does not exist.
    const own = await t.app.inject({
      method: 'GET',
      url: `/cluster/clusters/${uuid}`,
      headers: admin.headers,
    });
    expect(own.statusCode).toBe(200);
    const inFull = own.json<SmartClusterInFull>();
    expect(inFull.smart_cluster).toMatchObject({ uuid, name: 'private', status: 'success' });
    expect(
      inFull.clusters.map((member) => [member.smart_cluster_uuid, member.datacenter_uuid]),
    ).toEqual([[uuid, 'ca-toronto']]);
    const calls = [
      { method: 'GET' as const, url: `/cluster/clusters/${uuid}` },
      { method: 'PUT' as const, url: `/cluster/clusters/${uuid}`, payload: { name: 'mine' } },
      { method: 'DELETE' as const, url: `/cluster/clusters/${uuid}` },
      { method: 'DELETE' as const, url: `/cluster/clusters/shared/${uuid}` },
      { method: 'GET' as const, url: `/cluster/clusters/${uuid}/config` },
    ];
    for (const call of calls) {
      const response = await t.app.inject({
        ...call,
        headers: { ...other.headers, 'x-provider-id': 'ca-toronto' },
      });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(404);
    }
    const lists = await Promise.all(
      ['/cluster/smart_clusters', '/cluster/clusters'].map((url) =>
        t.app.inject({ method: 'GET', url, headers: other.headers }),
      ),
    );
    for (const list of lists) expect(list.json()).toEqual([]);
    // The owner's own shared delete: not a shared cluster, so 404 too; a malformed id is 404.
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/cluster/clusters/shared/${uuid}`,
          headers: admin.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: '/cluster/clusters/not-a-uuid',
          headers: admin.headers,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('fails provisioning in a fault-injected datacenter, with a reason and the 409 rules', async () => {
    const created = await post(
      admin,
      manual(['ca-montreal', 'za-johannesburg'], { name: 'faulty' }),
    );
    const { uuid } = created.json<SmartCluster>();
    const failed = (await waitForStatus(t.app, admin, uuid, [
      'failure',
      'success',
    ])) as SmartCluster;
    expect(failed.status).toBe('failure');
    expect(failed.status_reason).toContain('Johannesburg');
    expect(failed.status_reason).toContain('MERIDIAN_SIM_FAIL_DATACENTERS');

    const put = await t.app.inject({
      method: 'PUT',
      url: `/cluster/clusters/${uuid}`,
      headers: admin.headers,
      payload: { name: 'again' },
    });
    expect(put.statusCode).toBe(409);
    expect(put.json()).toEqual({ message: clusterMessages.cannotEditFailed });
    const config = await t.app.inject({
      method: 'GET',
      url: `/cluster/clusters/${uuid}/config`,
      headers: { ...admin.headers, 'x-provider-id': 'za-johannesburg' },
    });
    expect(config.statusCode).toBe(409);
    expect(config.json()).toEqual({ message: clusterMessages.configFailed });

    const rejected = await t.database.db
      .select()
      .from(events)
      .where(
        and(eq(events.userId, admin.userId), eq(events.eventType, 'SMART_CLUSTER_CREATE_REJECTED')),
      );
    expect(
      rejected.some((row) => row.payload.smart_cluster_uuid === uuid && row.payload.status_reason),
    ).toBe(true);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/cluster/clusters/${uuid}`,
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(await waitForStatus(t.app, admin, uuid, ['deleted'])).toBe('deleted');
  }, 30_000);

  it('refuses to edit or download while creating (409); deleting cancels the creation', async () => {
    const slow = await createClusterTestApp(backend, { timeScale: 1 });
    try {
      const user = await logIn(slow.app);
      // At time scale 1, the spec's real durations: 20 minutes to an hour, 5 minutes to an hour.
      const durations = await slow.app.inject({
        method: 'GET',
        url: '/cluster/durations',
        headers: user.headers,
      });
      expect(durations.json()).toEqual({
        create: { min_seconds: 1200, max_seconds: 3600 },
        update: { min_seconds: 300, max_seconds: 3600 },
      });
      const created = await slow.app.inject({
        method: 'POST',
        url: '/cluster/clusters',
        headers: user.headers,
        payload: manual(['ca-montreal']),
      });
      const { uuid } = created.json<SmartCluster>();
      const put = await slow.app.inject({
        method: 'PUT',
        url: `/cluster/clusters/${uuid}`,
        headers: user.headers,
        payload: { name: 'x' },
      });
      expect([put.statusCode, put.json().message]).toEqual([
        409,
        clusterMessages.cannotEditInProgress,
      ]);
      const config = await slow.app.inject({
        method: 'GET',
        url: `/cluster/clusters/${uuid}/config`,
        headers: { ...user.headers, 'x-provider-id': 'ca-montreal' },
      });
      expect([config.statusCode, config.json().message]).toEqual([
        409,
        clusterMessages.configInProgress,
      ]);
      // The first job run recorded the provisioning deadline: 20–60 minutes away at scale 1.
      const deadline = await waitForDeadline(slow, uuid);
      const minutes = (deadline.getTime() - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(19);
      expect(minutes).toBeLessThanOrEqual(60);

      // Deleting it meanwhile cancels the creation: nothing waits out the hour.
      const del = await slow.app.inject({
        method: 'DELETE',
        url: `/cluster/clusters/${uuid}`,
        headers: user.headers,
      });
      expect([del.statusCode, del.json<SmartCluster>().status]).toEqual([200, 'deleting']);
      const again = await slow.app.inject({
        method: 'DELETE',
        url: `/cluster/clusters/${uuid}`,
        headers: user.headers,
      });
      expect([again.statusCode, again.json().message]).toEqual([
        409,
        clusterMessages.cannotDeleteInProgress,
      ]);
    } finally {
      await slow.close();
    }
  }, 30_000);
});

async function waitForDeadline(t: TestApp, smartClusterId: string): Promise<Date> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [row] = await t.database.db
      .select({ deadline: clusters.operationDeadline })
      .from(clusters)
      .where(eq(clusters.smartClusterId, smartClusterId));
    if (row?.deadline) return row.deadline;
    if (Date.now() > deadline) throw new Error('no provisioning deadline recorded');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
