import {
  clusterSchema,
  smartClusterSchema,
  type SmartClusterPage,
} from '@meridian/domain/clusters/cluster-api';
import type { Cluster, SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import type { Status } from '@meridian/domain/status';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  expectSerialisedList,
  insertInChunks,
  useListPageSuite,
} from '../../../../test-support/list-page-suite';
import { databaseBackends, type LoggedIn } from '../../../../test-support/test-app';
import { readySmartCluster } from '../../apps/app/app.test-support';
import { overviewOf } from './cluster-page';
import { createClusterTestApp } from './cluster.test-support';
import { joinOrganization } from '../../account/organization/organization.test-support';
import { clusters, smartClusters } from '../../../platform/db/schema/clusters';

describe.each(databaseBackends())('the smart-cluster page on %s', (backend) => {
  const suite = useListPageSuite(
    () => createClusterTestApp(backend),
    async ({ t, admin }) => {
      await readySmartCluster(t, admin, ['ca-montreal', 'ca-toronto'], 'alpha');
      await readySmartCluster(t, admin, ['de-frankfurt'], 'beta');
    },
  );

  const page = (user: LoggedIn, query = '') =>
    suite.page<SmartClusterPage>('/cluster/smart_clusters/page', user, query);

  it('answers a page of list items and the overview of every smart cluster', async () => {
    const { response, body } = await page(suite.admin, '?limit=1');
    expect(response.statusCode).toBe(200);
    expect(body).toMatchObject({ total: 2, offset: 0, limit: 1 });
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({
      name: 'alpha',
      mode: 'MANUAL',
      status: 'success',
      datacenters: ['ca-montreal', 'ca-toronto'],
      has_external_member: false,
    });
    // The card's fields only: the drawers read the full smart cluster.
    expect(body.items[0]).not.toHaveProperty('placement');
    expect(body.items[0]).not.toHaveProperty('version_uuids');
    // Three mini members of one master and one minion each.
    expect(body.overview).toMatchObject({
      smart_clusters: 2,
      servers: 6,
      can_have_traffic: true,
      pending_datacenter_uuids: [],
    });
    expect((await page(suite.other)).body).toMatchObject({ total: 0, items: [] });
  });

  it('sends the spec’s full lists serialised once, to their own user only', async () => {
    const smart = await expectSerialisedList(suite, '/cluster/smart_clusters', smartClusterSchema);
    expect(smart.map((cluster) => cluster.name)).toEqual(['alpha', 'beta']);
    const members = await expectSerialisedList(suite, '/cluster/clusters', clusterSchema);
    expect(members).toHaveLength(3);
  });

  it('filters by name, mode, status and datacenter', async () => {
    expect((await page(suite.admin, '?search=BET')).body.items.map((item) => item.name)).toEqual([
      'beta',
    ]);
    expect((await page(suite.admin, '?datacenter=ca-toronto')).body.total).toBe(1);
    expect((await page(suite.admin, '?modes=AUTOMATIC')).body.total).toBe(0);
    expect((await page(suite.admin, '?statuses=success,failure')).body.total).toBe(2);
    expect((await page(suite.admin, '?statuses=')).body.total).toBe(0);
    expect((await page(suite.admin, '?modes=SOMETIMES')).response.statusCode).toBe(400);
  });

  it('follows changes and keeps a page of 1,000 smart clusters small', async () => {
    const { db } = suite.t.database;
    const [template] = await db.select().from(smartClusters).where(eq(smartClusters.name, 'beta'));
    const [member] = await db
      .select()
      .from(clusters)
      .where(eq(clusters.smartClusterId, template!.id));
    // The order key is an identity column: the database numbers the copies.
    const { orderKey: _orderKey, ...columns } = template!;
    const smartRows = Array.from({ length: 998 }, (_, i) => ({
      ...columns,
      id: randomUUID(),
      name: `bulk-${i}`,
    }));
    await insertInChunks(db, smartClusters, smartRows);
    await insertInChunks(
      db,
      clusters,
      smartRows.map((smart) => ({ ...member!, id: randomUUID(), smartClusterId: smart.id })),
    );
    const { body, response } = await page(suite.admin, '?limit=30');
    expect(body.total).toBe(1000);
    expect(body.items).toHaveLength(30);
    expect(body.overview.smart_clusters).toBe(1000);
    // The console's page of 30 cards: a few hundred bytes a card.
    expect(Buffer.byteLength(response.body)).toBeLessThan(16 * 1024);
  });

  it('shows a member the shared smart cluster, and follows its owner’s changes', async () => {
    const call = (user: LoggedIn, method: 'POST' | 'PUT', url: string, payload: object) =>
      suite.t.app.inject({ method, url, headers: user.headers, payload });
    expect((await page(suite.other)).body.total).toBe(0);
    const organization = await call(suite.admin, 'POST', '/auth/organizations', { name: 'Acme' });
    expect(organization.statusCode, organization.body).toBe(201);
    const organizationId = organization.json<{ uuid: string }>().uuid;
    await joinOrganization(suite.t.app, {
      admin: suite.admin,
      member: suite.other,
      username: 'other',
      organizationId,
    });
    const created = await call(suite.admin, 'POST', '/cluster/clusters', {
      name: 'acme-default',
      datacenters: ['ca-montreal'],
      mode: 'MANUAL',
      cluster_size: 'mini',
      master_count: 1,
      minion_count: 1,
      default_shared_for_org_uuid: organizationId,
    });
    expect(created.statusCode, created.body).toBe(200);
    const seen = (await page(suite.other)).body;
    expect(seen.items.map((item) => [item.name, item.default_shared_for_org_uuid])).toEqual([
      ['acme-default', organizationId],
    ]);
    await suite.t.database.db
      .update(smartClusters)
      .set({ name: 'acme-renamed' })
      .where(eq(smartClusters.id, created.json<{ uuid: string }>().uuid));
    expect((await page(suite.other)).body.items.map((item) => item.name)).toEqual(['acme-renamed']);
  });
});

describe('the smart-cluster overview', () => {
  const smart = (status: Status, datacenters: string[], deleted = false): SmartCluster => ({
    uuid: randomUUID(),
    name: 'sc',
    mode: 'MANUAL',
    organization_uuid: null,
    status,
    status_reason: null,
    latency: null,
    budget: null,
    cluster_size: 'mini',
    master_count: 1,
    minion_count: 1,
    datacenters,
    versions: [],
    version_uuids: [],
    datacenter_uuid: datacenters[0] ?? null,
    description: null,
    order: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    user_uuid: 'u',
    deleted,
    default_shared_for_org_uuid: null,
    placement: null,
  });
  const member = (status: Status, datacenter: string): Cluster => ({
    uuid: randomUUID(),
    name: 'm',
    smart_cluster_uuid: 'sc',
    cluster_type: 'smart_cluster',
    status,
    status_reason: null,
    location: datacenter,
    datacenter_uuid: datacenter,
    cluster_size: 'mini',
    master_count: 1,
    minion_count: 1,
    master_addresses: [],
    node_addresses: [],
    kube_version: null,
    monitoring_path: null,
    datacenters: [{ uuid: datacenter }],
    deployments: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  });

  it('marks datacenters where a smart cluster or a member is in progress, counts live ones', () => {
    const overview = overviewOf(
      [smart('updating', ['a', 'b']), smart('success', ['c']), smart('failure', ['e'], true)],
      [member('deleting', 'd'), member('success', 'c')],
    );
    expect(overview.pending_datacenter_uuids).toEqual(['a', 'b', 'd']);
    expect(overview.smart_clusters).toBe(2);
    expect(overview.can_have_traffic).toBe(true);
    expect(overviewOf([smart('failure', ['a'])], []).can_have_traffic).toBe(false);
  });
});
