import type { Cluster, SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import { placementHistorySchema } from '@meridian/domain/clusters/placement-decision';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUser,
  embeddedBackendOnly,
  logIn,
  type LoggedIn,
  type TestApp,
} from '../../../../test-support/test-app';
import {
  basicAppFields,
  createApp,
  listApps,
  waitForDeployments,
} from '../../apps/app/app.test-support';
import { createClusterTestApp, waitFor, waitForStatus } from './cluster.test-support';
import { seededDatacenters } from './datacenter-seed';

const london = { latitude: 51.51, longitude: -0.13 };
const montreal = { latitude: 45.5, longitude: -73.57 };

describe.each(embeddedBackendOnly())('automatic placement of smart clusters on %s', (backend) => {
  let t: TestApp;
  let admin: LoggedIn;
  let other: LoggedIn;

  beforeAll(async () => {
    t = await createClusterTestApp(backend);
    admin = await logIn(t.app);
    other = await addUser(t, admin, 'placement-other');
  });
  afterAll(() => t?.close());

  const automatic = (payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/cluster/clusters',
      headers: admin.headers,
      payload: {
        mode: 'AUTOMATIC',
        cluster_size: 'mini',
        master_count: 1,
        minion_count: 1,
        budget: 100_000,
        ...payload,
      },
    });
  const members = async (uuid: string) =>
    (await t.app.inject({ method: 'GET', url: '/cluster/clusters', headers: admin.headers }))
      .json<Cluster[]>()
      .filter((member) => member.smart_cluster_uuid === uuid);
  const history = (uuid: string, user = admin) =>
    t.app.inject({
      method: 'GET',
      url: `/cluster/clusters/${uuid}/placements`,
      headers: user.headers,
    });

  it('builds only the cheapest candidates meeting the target, and says why', async () => {
    const response = await automatic({
      name: 'placed',
      datacenters: ['ca-montreal', 'ca-toronto', 'gb-london', 'jp-tokyo'],
      latency: 40,
      demand: [
        { ...montreal, weight: 3, name: 'Montréal users' },
        { ...london, weight: 2, name: 'London users' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const created = response.json<SmartCluster>();
    // Montréal is cheaper than Toronto; Tokyo serves nobody within 40 ms.
    expect(created.datacenters.sort()).toEqual(['ca-montreal', 'gb-london']);
    expect(created.placement).toMatchObject({
      candidates: ['ca-montreal', 'ca-toronto', 'gb-london', 'jp-tokyo'],
      demand_source: 'request',
    });
    expect(created.placement!.p95_latency_ms).toBeLessThanOrEqual(40);
    expect(created.placement!.reason).toMatch(
      /^Montréal and London keep 95 % of the demand given within 40 ms \(p95 [\d.]+ ms\) for \$[\d.]+ a month, the least of any choice; the other 2 candidates would only add cost\.$/,
    );
    expect((await members(created.uuid)).map((m) => m.datacenter_uuid).sort()).toEqual([
      'ca-montreal',
      'gb-london',
    ]);
    const ready = await waitForStatus(t.app, admin, created.uuid, ['success']);
    expect(ready).toMatchObject({ placement: created.placement });
    const decisions = placementHistorySchema.parse((await history(created.uuid)).json());
    expect(decisions.placements).toEqual([created.placement]);
    expect((await history(created.uuid, other)).statusCode).toBe(404);
  });

  it('creates and updates over the whole catalogue: every datacenter a candidate', async () => {
    const catalogue = seededDatacenters.filter((row) => row.uuid !== 'external');
    expect(catalogue).toHaveLength(25);
    const everywhere = catalogue.map((row) => row.uuid);
    const created = await automatic({ name: 'anywhere', datacenters: everywhere, latency: 80 });
    expect(created.statusCode, created.body).toBe(200);
    const smart = created.json<SmartCluster>();
    expect(smart.placement).toMatchObject({ candidates: everywhere, demand_source: 'candidates' });
    expect(smart.datacenters.length).toBeLessThan(25);
    expect(smart.placement!.p95_latency_ms).toBeLessThanOrEqual(80);
    expect(smart.placement!.reason).toMatch(/, the least of any choice; the other \d+ candidates/);
    // An update naming every datacenter again places again, at a tighter target.
    await waitForStatus(t.app, admin, smart.uuid, ['success']);
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/cluster/clusters/${smart.uuid}`,
      headers: admin.headers,
      payload: { name: 'anywhere', isAppCreate: false, datacenters: everywhere, latency: 40 },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    // A new set is reached make-before-break; its decision is kept once it runs.
    const newest = await waitFor(
      async () => {
        const decisions = placementHistorySchema.parse((await history(smart.uuid)).json());
        return decisions.placements.length === 2 ? decisions.placements[0] : undefined;
      },
      { what: 'the placement at 40 ms' },
    );
    expect(newest).toMatchObject({ candidates: everywhere });
    expect(newest.p95_latency_ms).toBeLessThanOrEqual(40);
  }, 40_000);

  it('refuses a latency no choice of the candidates can reach, naming the best', async () => {
    const response = await automatic({
      name: 'too-fast',
      datacenters: ['ca-montreal', 'jp-tokyo'],
      latency: 5,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      'Please provide a valid latency; the best possible is 14 ms',
    ]);
    const many = await automatic({
      name: 'too-many',
      datacenters: Array.from({ length: 51 }, (_, index) => `dc-${index}`),
      latency: 50,
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().errors).toContain('Choose at most 50 datacenters');
    // A weight of 1e-9 passed `positive` and then broke the engine: a 500.
    const tiny = await automatic({
      name: 'tiny-weight',
      datacenters: ['ca-montreal'],
      latency: 50,
      demand: [{ ...montreal, weight: 1e-9 }],
    });
    expect(tiny.statusCode, tiny.body).toBe(400);
    expect(tiny.json().errors).toEqual([
      'Each demand point needs a latitude from -90 to 90, a longitude from -180 to 180 and a weight from 0.000001 to 1000000000',
    ]);
  });

  it('moves make-before-break when the demand moves: deployments keep running', async () => {
    // Without a demand the two candidates weigh equally; 200 ms lets the cheaper serve both.
    const response = await automatic({
      name: 'mover',
      datacenters: ['ca-montreal', 'gb-london'],
      latency: 200,
    });
    expect(response.statusCode, response.body).toBe(200);
    const smart = response.json<SmartCluster>();
    expect(smart.datacenters).toEqual(['ca-montreal']);
    expect(smart.placement?.demand_source).toBe('candidates');
    await waitForStatus(t.app, admin, smart.uuid, ['success']);
    const app = await createApp(t, admin, basicAppFields(smart.uuid, { name: 'mover-app' }));
    expect(app.statusCode, app.body).toBe(200);
    const appUuid = app.json<{ uuid: string }>().uuid;
    await waitForDeployments(t, admin, appUuid, (all) => all[0]?.status === 'success');

    const moved = await t.app.inject({
      method: 'PUT',
      url: `/cluster/clusters/${smart.uuid}`,
      headers: admin.headers,
      payload: {
        name: 'mover',
        isAppCreate: false,
        latency: 40,
        demand: [{ ...london, weight: 1 }],
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<SmartCluster>().status).toBe('updating');
    // At every look, some deployment of the app is serving, until it serves from London alone.
    const final = await waitFor(
      async () => {
        const found = (await listApps(t, admin)).find((item) => item.uuid === appUuid)!;
        expect(found.deployments.some((d) => d.status === 'success')).toBe(true);
        const settled = await waitForStatus(t.app, admin, smart.uuid, ['success', 'updating']);
        if (settled === 'deleted' || settled.status !== 'success') return undefined;
        return found.deployments.length === 1 ? { found, settled } : undefined;
      },
      { what: 'the move to London' },
    );
    expect(final.found.deployments[0]).toMatchObject({
      datacenter_uuid: 'gb-london',
      status: 'success',
    });
    expect(final.settled).toMatchObject({ datacenters: ['gb-london'], status_reason: null });
    expect(final.settled.placement).toMatchObject({
      datacenters: ['gb-london'],
      demand_source: 'request',
    });
    expect((await members(smart.uuid)).map((m) => m.datacenter_uuid)).toEqual(['gb-london']);
    const decisions = placementHistorySchema.parse((await history(smart.uuid)).json());
    expect(decisions.placements.map((p) => p.datacenters)).toEqual([
      ['gb-london'],
      ['ca-montreal'],
    ]);
    // The app's history says Meridian carried it to London and removed it from Montréal.
    const appHistory = await t.app.inject({
      method: 'GET',
      url: `/meridian/v1/kube/apps/${appUuid}/history`,
      headers: admin.headers,
    });
    const byPlacement = appHistory
      .json<{
        items: {
          action: string;
          actor: { name: string };
          locations: { location: string; outcome: string }[];
        }[];
      }>()
      .items.filter((entry) => entry.actor.name === 'Placement')
      .map((entry) => [entry.action, entry.locations.map((l) => `${l.location} ${l.outcome}`)]);
    expect(byPlacement).toEqual([
      ['removed', ['Montréal success']],
      ['deployed', ['London success']],
    ]);
  }, 40_000);
});
