import type { App as AppEntity, Deployment } from '@meridian/domain/apps/app-api';
import type { AppHistoryPage, HistoryEntry } from '@meridian/domain/apps/app-history';
import { appHistoryMessages } from '@meridian/domain/apps/app-history';
import { listPageMessages } from '@meridian/domain/list-page';
import type { SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUser,
  databaseBackends,
  logIn,
  type LoggedIn,
  type TestApp,
} from '../../../../test-support/test-app';
import {
  addBasicVersion,
  allSettled,
  basicAppFields,
  createApp,
  readySmartCluster,
  waitForDeployments,
} from '../app/app.test-support';
import { createClusterTestApp, waitFor } from '../../clusters/cluster/cluster.test-support';
import { recordHistory, settleHistoryLocation } from './history.records';
import { updateHistoryOutcome } from './history.queries';

describe.each(databaseBackends())('app history on %s', (backend) => {
  let t: TestApp;
  let admin: LoggedIn;
  let other: LoggedIn;
  let twoRegions: SmartCluster;
  let toronto: SmartCluster;
  let app: AppEntity;
  let v2: string;
  let ci: Record<string, string>;

  const kube = (
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    headers: object,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url: url.startsWith('/cluster') ? url : `/meridian/v1/kube${url}`,
      headers: headers as Record<string, string>,
      ...(payload ? { payload } : {}),
    });

  const history = async (query = '', user: LoggedIn = admin) => {
    const response = await kube('GET', `/apps/${app.uuid}/history${query}`, user.headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AppHistoryPage>();
  };

  /** Waits until no entry of the app is pending any more. */
  const settledHistory = () =>
    waitFor(
      async () => {
        const page = await history('?limit=200');
        return page.items.every((entry) => entry.outcome !== 'pending') ? page : undefined;
      },
      { what: 'the history to settle' },
    );

  beforeAll(async () => {
    t = await createClusterTestApp(backend);
    admin = await logIn(t.app);
    other = await addUser(t, admin, 'other');
    twoRegions = await readySmartCluster(t, admin, ['ca-montreal', 'de-frankfurt'], 'two');
    toronto = await readySmartCluster(t, admin, ['ca-toronto'], 'toronto');
    const created = await createApp(t, admin, basicAppFields(twoRegions.uuid));
    if (created.statusCode !== 200) throw new Error(created.body);
    app = created.json<AppEntity>();
    await waitForDeployments(t, admin, app.uuid, allSettled);

    const key = await t.app.inject({
      method: 'POST',
      url: '/auth/api_key',
      headers: admin.headers,
      payload: { name: 'pipeline' },
    });
    ci = { authorization: `ApiKey ${key.json<{ key: string }>().key}`, 'x-user-id': admin.userId };
    // A version made with the API key: the key's name is the actor.
    v2 = (await addBasicVersion(t, ci, app.uuid, 'v2', 'nginx:1.28')).uuid;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('records the creation and the first deploy with the user and their outcome per location', async () => {
    const page = await settledHistory();
    const created = page.items.filter((entry) => entry.version?.name === 'v1');
    expect(created.map((entry) => entry.action)).toEqual(['deployed', 'version_created']);
    const [deployed] = created as [HistoryEntry];
    expect(deployed).toMatchObject({
      actor: { kind: 'user', name: 'admin' },
      outcome: 'success',
      smart_cluster: { uuid: twoRegions.uuid, name: 'two' },
      rollout_uuid: null,
    });
    expect(
      deployed.locations.map((location) => [location.datacenter_uuid, location.outcome]).sort(),
    ).toEqual([
      ['ca-montreal', 'success'],
      ['de-frankfurt', 'success'],
    ]);
    expect(page.items[0]).toMatchObject({
      action: 'version_created',
      version: { uuid: v2, name: 'v2' },
      actor: { kind: 'api_key', name: 'pipeline' },
      outcome: 'success',
      locations: [],
    });
  });

  it('records a deploy, an update, a CI/CD image update and a removal', async () => {
    const deployed = await kube('POST', '/cluster/clusters/versions', admin.headers, {
      version_uuid: v2,
      smart_cluster_uuids: [toronto.uuid],
    });
    expect(deployed.statusCode, deployed.body).toBe(200);
    const [onToronto] = deployed.json<Deployment[]>() as [Deployment];
    await waitForDeployments(t, admin, app.uuid, allSettled);

    const updated = await kube('PUT', `/apps/deployment/${onToronto.uuid}`, admin.headers, {
      replicas: 3,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    await waitForDeployments(t, admin, app.uuid, allSettled);

    const image = await kube('PUT', `/apps/${app.uuid}/deployment`, ci, {
      cluster_uuids: [twoRegions.uuid],
      image_name: 'registry.example.ca/shop:2.0.0',
    });
    expect(image.statusCode, image.body).toBe(200);
    await waitForDeployments(t, admin, app.uuid, allSettled);

    const removed = await kube('DELETE', '/apps/deployment', admin.headers, {
      uuids: [onToronto.uuid],
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const page = await settledHistory();
    const newest = page.items.slice(0, 4);
    expect(newest.map((entry) => entry.action)).toEqual([
      'removed',
      'image_updated',
      'updated',
      'deployed',
    ]);
    expect(newest.map((entry) => entry.outcome)).toEqual([
      'success',
      'success',
      'success',
      'success',
    ]);
    expect(newest[0]!.locations).toMatchObject([
      {
        deployment_uuid: onToronto.uuid,
        datacenter_uuid: 'ca-toronto',
        location: 'Toronto',
        outcome: 'success',
      },
    ]);
    expect(newest[1]).toMatchObject({
      actor: { kind: 'ci', name: 'pipeline' },
      detail: 'Image registry.example.ca/shop:2.0.0.',
      version: { name: 'v1' },
      smart_cluster: { uuid: twoRegions.uuid },
    });
    expect(newest[1]!.locations).toHaveLength(2);
    expect(newest[2]).toMatchObject({
      actor: { kind: 'user', name: 'admin' },
      detail: '3 replicas.',
    });
    expect(newest[3]).toMatchObject({ version: { uuid: v2 }, smart_cluster: { name: 'toronto' } });
  });

  it('filters by version and by location (uuid or name), and pages newest first', async () => {
    const ofV2 = await history(`?version=${v2}`);
    expect(ofV2.items.length).toBeGreaterThan(0);
    expect(ofV2.items.every((entry) => entry.version?.uuid === v2)).toBe(true);
    expect(ofV2.total).toBe(ofV2.items.length);

    const byUuid = await history('?location=ca-toronto');
    const byName = await history('?location=toronto');
    expect(byUuid.items.map((entry) => entry.action)).toEqual(['removed', 'updated', 'deployed']);
    expect(byName.items.map((entry) => entry.uuid)).toEqual(
      byUuid.items.map((entry) => entry.uuid),
    );
    expect((await history('?location=Montr%C3%A9al')).total).toBeGreaterThan(0);

    const all = await history();
    const page = await history('?limit=2&offset=1');
    expect(page).toMatchObject({ total: all.total, offset: 1, limit: 2 });
    expect(page.items.map((entry) => entry.uuid)).toEqual(
      all.items.slice(1, 3).map((entry) => entry.uuid),
    );
    const times = all.items.map((entry) => entry.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("answers 404 for another user's app and 400 for a bad page or filter", async () => {
    const foreign = await kube('GET', `/apps/${app.uuid}/history`, other.headers);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json<{ message: string }>().message).toBe('App not found');
    expect((await kube('GET', '/apps/not-a-uuid/history', admin.headers)).statusCode).toBe(404);
    const cases: [string, string][] = [
      ['?limit=0', listPageMessages.limit],
      ['?limit=abc', listPageMessages.limit],
      ['?offset=-1', listPageMessages.offset],
      ['?version=v2', appHistoryMessages.version],
    ];
    for (const [query, message] of cases) {
      const response = await kube('GET', `/apps/${app.uuid}/history${query}`, admin.headers);
      expect(response.statusCode, query).toBe(400);
      expect(response.body).toContain(message);
    }
    expect((await kube('GET', `/apps/${app.uuid}/history`, {})).statusCode).toBe(401);
  });

  it("settles an entry once its locations have reported; a rollout's entry keeps the outcome it sets", async () => {
    const { db } = t.database;
    const [first, second, third] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const where = (deploymentId: string) => ({
      deploymentId,
      clusterId: crypto.randomUUID(),
      datacenterUuid: 'ca-montreal',
      location: 'Montréal',
    });
    const base = {
      userId: admin.userId,
      appId: app.uuid,
      actor: { kind: 'meridian' as const, name: 'Meridian' },
    };
    const plain = await recordHistory(db, {
      ...base,
      action: 'deployed',
      locations: [where(first), where(second)],
    });
    const rollout = await recordHistory(db, {
      ...base,
      action: 'rolled_back',
      rolloutId: crypto.randomUUID(),
      locations: [where(third)],
    });
    const outcomeOf = async (id: string) =>
      (await history('?limit=200')).items.find((entry) => entry.uuid === id)!;
    expect((await outcomeOf(plain)).outcome).toBe('pending');
    await settleHistoryLocation(db, first, 'failure', 'The image could not be pulled.');
    expect((await outcomeOf(plain)).outcome).toBe('pending');
    await settleHistoryLocation(db, second, 'success', null);
    const settled = await outcomeOf(plain);
    expect(settled.outcome).toBe('failure');
    expect(settled.locations.find((location) => location.deployment_uuid === first)).toMatchObject({
      outcome: 'failure',
      reason: 'The image could not be pulled.',
    });
    // A second report of the same deployment changes nothing: only pending rows are settled.
    await settleHistoryLocation(db, first, 'success', null);
    expect((await outcomeOf(plain)).outcome).toBe('failure');

    await settleHistoryLocation(db, third, 'success', null);
    expect((await outcomeOf(rollout)).outcome).toBe('pending');
    await updateHistoryOutcome(db, rollout, 'halted', 'Montréal failed its health gate.');
    expect(await outcomeOf(rollout)).toMatchObject({
      outcome: 'halted',
      detail: 'Montréal failed its health gate.',
    });
  });
});
