import type { App as AppEntity } from '@meridian/domain/apps/app-api';
import { sampleHeatTemplate } from '@meridian/domain/apps/sample-templates';
import type { BillingUsage } from '@meridian/domain/billing/billing-usage';
import type { SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUser,
  databaseBackends,
  logIn,
  type LoggedIn,
  type TestApp,
} from '../../../../test-support/test-app';
import { createTestClock } from '../../../../test-support/test-clock';
import {
  createClusterTestApp,
  waitFor,
  waitForStatus,
} from '../../clusters/cluster/cluster.test-support';
import {
  allSettled,
  createApp,
  listApps,
  waitForDeployments,
} from '../../apps/app/app.test-support';
import { openUsage } from './metering';
import { endOpenUsagePeriods } from './billing.queries';
import { usagePeriods } from '../../../platform/db/schema/metering';
import { datacenters } from '../../../platform/db/schema/clusters';

const hour = 3_600_000;
const minute = 60_000;
const year = 365 * 24 * hour;

// Prices of the seeded Montréal datacenter, CAD per node-hour.
const montreal = { mini: 0.0425, small: 0.085 };

describe.each(databaseBackends())('billing on %s', (backend) => {
  // Every step of the story happens at a known time: the clock moves only when the test says.
  const clock = createTestClock(new Date('2030-01-15T09:00:00Z'));
  let t: TestApp;
  let admin: LoggedIn;

  beforeAll(async () => {
    t = await createClusterTestApp(
      backend,
      { failDatacenters: ['za-johannesburg'] },
      // Sessions outlive the hours the clock jumps over.
      {
        now: clock.now,
        auth: { sessionPolicy: { idleTimeoutMs: year, absoluteLifetimeMs: year } },
      },
    );
    admin = await logIn(t.app);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const usage = async (user: LoggedIn, month?: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/billing/usage${month ? `?month=${month}` : ''}`,
      headers: user.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<BillingUsage>();
  };

  const createSmartCluster = async (user: LoggedIn, payload: Record<string, unknown>) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/cluster/clusters',
      headers: user.headers,
      payload: { mode: 'MANUAL', master_count: 1, minion_count: 1, ...payload },
    });
    expect(response.statusCode, response.body).toBe(200);
    const created = response.json<SmartCluster>();
    return waitForStatus(t.app, user, created.uuid, [
      'success',
      'failure',
    ]) as Promise<SmartCluster>;
  };

  it('bills a cluster quantity × hours × rate while it runs, and nothing once deleted', async () => {
    const alice = await addUser(t, admin, 'alice');
    const smart = await createSmartCluster(alice, {
      name: 'prod',
      datacenters: ['ca-montreal'],
      cluster_size: 'small',
      master_count: 1,
      minion_count: 2,
    });
    expect(smart.status).toBe('success');
    // A creation that fails never bills.
    const failed = await createSmartCluster(alice, {
      name: 'doomed',
      datacenters: ['za-johannesburg'],
      cluster_size: 'small',
    });
    expect(failed.status).toBe('failure');

    clock.advance(5 * hour + 30 * minute);
    let report = await usage(alice);
    expect(report.month).toBe('2030-01');
    expect(report.currency).toBe('CAD');
    expect(report.entities).toHaveLength(1);
    // By hand: 3 nodes × 5.5 h × $0.085 = $1.4025 → $1.40.
    expect(report.entities[0]).toMatchObject({
      name: expect.stringContaining('prod'),
      type: 'cluster',
      project_region: 'Montréal',
      quantity: 3,
      unit: 'hour',
      uptime: 5.5 * 3600,
      rate: montreal.small,
      total: 1.4,
    });
    expect(report.total).toBe(1.4);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/cluster/clusters/${smart.uuid}`,
      headers: alice.headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await waitForStatus(t.app, alice, smart.uuid, ['deleted']);

    // Ten hours after the deletion the bill has not moved.
    clock.advance(10 * hour);
    report = await usage(alice);
    expect(report.entities.map((line) => [line.uptime, line.total])).toEqual([[5.5 * 3600, 1.4]]);
    expect(report.total).toBe(1.4);
    expect(report.days).toHaveLength(31);
    expect(report.days.find((day) => day.day === '2030-01-15')?.total).toBe(1.4);
    expect(report.days.filter((day) => day.total > 0)).toHaveLength(1);
  });

  it('bills a Heat stack its flavor, keeps months apart and shows only your own usage', async () => {
    const bob = await addUser(t, admin, 'bob');
    const alice = await logIn(t.app, 'alice', 'alice-password-1');
    const startedAt = clock.now();
    const smart = await createSmartCluster(bob, {
      name: 'vms',
      datacenters: ['ca-montreal'],
      cluster_size: 'mini',
    });
    const created = await createApp(
      t,
      bob,
      {
        name: 'vm-app',
        version_name: 'v1',
        smart_cluster_uuid: smart.uuid,
        template_type: 'HEAT',
        flavor_name: 'small',
        volume_type: 'SSD',
      },
      { filename: 'stack.yaml', content: sampleHeatTemplate },
    );
    expect(created.statusCode, created.body).toBe(200);
    const app = created.json<AppEntity>();
    const done = await waitForDeployments(t, bob, app.uuid, allSettled);
    expect(done.deployments[0]?.status).toBe('success');

    // Run into February: 2030-01-16 00:30 → 2030-02-01 02:30.
    const endOfJanuary = new Date('2030-02-01T00:00:00Z').getTime();
    clock.advance(endOfJanuary - startedAt.getTime() + 2 * hour);
    const januarySeconds = (endOfJanuary - startedAt.getTime()) / 1000;
    expect(januarySeconds).toBe(15 * 86_400 + 23.5 * 3600);

    const february = await usage(bob);
    expect(february.month).toBe('2030-02');
    const stack = february.entities.find((line) => line.type === 'stack');
    // By hand: 1 server × 2 h × $0.085 (small) = $0.17; the cluster: 2 nodes × 2 h × $0.0425.
    expect(stack).toMatchObject({
      quantity: 1,
      rate: montreal.small,
      uptime: 7200,
      total: 0.17,
      project_region: 'Montréal',
    });
    expect(stack?.description).toContain('small');
    const cluster = february.entities.find((line) => line.type === 'cluster');
    expect(cluster).toMatchObject({ quantity: 2, rate: montreal.mini, uptime: 7200, total: 0.17 });
    expect(february.total).toBe(0.34);
    expect(february.days).toHaveLength(28);

    const january = await usage(bob, '2030-01');
    // By hand: 383.5 h × $0.085 = $32.5975 → $32.60, for the stack and for the 2 mini nodes.
    expect(january.entities.map((line) => [line.type, line.uptime, line.total]).sort()).toEqual([
      ['cluster', januarySeconds, 32.6],
      ['stack', januarySeconds, 32.6],
    ]);
    expect(january.total).toBe(65.2);
    expect((await usage(bob, '2029-12')).entities).toEqual([]);

    // Removing the app stops the stack's bill.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/meridian/v1/kube/apps/${app.uuid}`,
      headers: bob.headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    // The app leaves the lists at once; its stack is gone when the deletion is fulfilled.
    expect((await listApps(t, bob)).some((candidate) => candidate.uuid === app.uuid)).toBe(false);
    await waitFor(
      async () =>
        (
          await t.app.inject({
            method: 'GET',
            url: '/event/server/notifications',
            headers: bob.headers,
          })
        )
          .json<{ event_type: string; payload?: { app_uuid?: string } }[]>()
          .some(
            (event) =>
              event.event_type === 'APP_DELETE_FULFILLED' && event.payload?.app_uuid === app.uuid,
          ),
      { what: 'the Heat app to be removed' },
    );
    clock.advance(3 * hour);
    const later = await usage(bob);
    expect(later.entities.find((line) => line.type === 'stack')?.uptime).toBe(7200);
    expect(later.entities.find((line) => line.type === 'cluster')?.uptime).toBe(5 * 3600);

    // Alice's lines are not Bob's, nor Bob's hers.
    const alicesJanuary = await usage(alice, '2030-01');
    expect(alicesJanuary.entities.map((line) => line.quantity)).toEqual([3]);
    expect(alicesJanuary.total).toBe(1.4);
    expect((await usage(alice)).entities).toEqual([]);
    expect(january.entities.some((line) => line.quantity === 3)).toBe(false);
  });

  it('refuses a malformed month and anonymous callers', async () => {
    const bad = await t.app.inject({
      method: 'GET',
      url: '/billing/usage?month=2030-13',
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(400);
    for (const month of ['9999-12', '0000-01', '1999-12']) {
      const outside = await t.app.inject({
        method: 'GET',
        url: `/billing/usage?month=${month}`,
        headers: admin.headers,
      });
      expect([outside.statusCode, outside.json().errors], month).toEqual([
        400,
        ['Month must read YYYY-MM, from 2000-01 to 2999-12'],
      ]);
    }
    expect((await t.app.inject({ method: 'GET', url: '/billing/usage' })).statusCode).toBe(401);
  });

  it('starts a new period when the quantity changes, and closes only open ones', async () => {
    const [dc] = await t.database.db
      .select()
      .from(datacenters)
      .where(eq(datacenters.uuid, 'ca-toronto'));
    const carol = await addUser(t, admin, 'carol');
    const resourceId = '00000000-0000-4000-8000-00000000c0de';
    const start = {
      userId: carol.userId,
      resourceId,
      resourceType: 'cluster' as const,
      name: 'grow',
      description: 'grows',
      datacenter: dc!,
      flavor: 'mini' as const,
      quantity: 2,
    };
    const t0 = new Date('2030-03-01T00:00:00Z');
    await t.database.db.transaction(async (tx) => {
      await openUsage(tx, { ...start, at: t0 });
      // The same again (a re-run, or an update that changed nothing) keeps the period.
      await openUsage(tx, { ...start, at: new Date(t0.getTime() + hour) });
      await openUsage(tx, { ...start, quantity: 4, at: new Date(t0.getTime() + 2 * hour) });
      await endOpenUsagePeriods(tx, resourceId, new Date(t0.getTime() + 3 * hour));
      await endOpenUsagePeriods(tx, resourceId, new Date(t0.getTime() + 9 * hour));
    });
    const rows = await t.database.db
      .select()
      .from(usagePeriods)
      .where(eq(usagePeriods.resourceId, resourceId))
      .orderBy(usagePeriods.startedAt);
    expect(
      rows.map((row) => [row.quantity, row.rate, row.startedAt.getTime(), row.endedAt?.getTime()]),
    ).toEqual([
      [2, 0.0445, t0.getTime(), t0.getTime() + 2 * hour],
      [4, 0.0445, t0.getTime() + 2 * hour, t0.getTime() + 3 * hour],
    ]);
  });
});
