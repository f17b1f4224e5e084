import type { AppSummaryPage } from '@meridian/domain/apps/app-api';
import { listPageMessages } from '@meridian/domain/list-page';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apps, datacenters } from '../../platform/db/schema';
import type {
  DriverOperation,
  WorkloadOperation,
} from '../../platform/drivers/infrastructure-driver';
import { SimulatorDriver } from '../../platform/drivers/simulator/simulator-driver';
import {
  addUser,
  databaseBackends,
  logIn,
  type LoggedIn,
  type TestApp,
} from '../../../test-support/test-app';
import { createClusterTestApp } from '../cluster/cluster.test-support';
import { basicAppFields, createApp, listApps, readySmartCluster } from './app.test-support';

/** Clusters are ready at once, rollouts take an hour: the app stays pending for the test. */
class SlowRolloutDriver extends SimulatorDriver {
  override plannedDurationMs(operation: DriverOperation | WorkloadOperation): number {
    return ['create', 'update', 'delete'].includes(operation) ? 0 : 3_600_000;
  }
}

describe.each(databaseBackends())('the app summary on %s', (backend) => {
  let t: TestApp;
  let admin: LoggedIn;
  let other: LoggedIn;

  beforeAll(async () => {
    t = await createClusterTestApp(backend, {
      drivers: new Map([
        ['slow-rollout', new SlowRolloutDriver({ timeScale: 0, failDatacenters: [] })],
      ]),
    });
    await t.database.db
      .update(datacenters)
      .set({ driver: 'slow-rollout' })
      .where(eq(datacenters.uuid, 'au-sydney'));
    admin = await logIn(t.app);
    other = await addUser(t, admin, 'other');
    const slow = await readySmartCluster(t, admin, ['au-sydney'], 'slow');
    const created = await createApp(t, admin, basicAppFields(slow.uuid, { name: 'rolling' }));
    expect(created.statusCode).toBe(200);
  }, 90_000);
  afterAll(async () => {
    await t?.close();
  });

  const summary = async (user: LoggedIn, query = '') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/meridian/v1/kube/apps/summary${query}`,
      headers: user.headers,
    });
    return { response, page: response.json<AppSummaryPage>() };
  };

  it('shows a pending app and where its rollout runs, and nothing of another user', async () => {
    const { response, page } = await summary(admin);
    expect(response.statusCode).toBe(200);
    expect(page).toMatchObject({ total: 1, offset: 0, limit: 50 });
    expect(page.items).toEqual([
      expect.objectContaining({ name: 'rolling', pending: true }) as unknown,
    ]);
    expect(Object.keys(page.items[0]!).sort()).toEqual(
      ['createdAt', 'name', 'pending', 'updatedAt', 'uuid'].sort(),
    );
    expect(page.pending_datacenter_uuids).toEqual(['au-sydney']);
    expect((await summary(other)).page).toMatchObject({ total: 0, items: [] });
    // The spec's list is unchanged beside it.
    expect((await listApps(t, admin))[0]).toHaveProperty('deployments');
  });

  it('pages, sorts newest first and searches 1,000 apps in a few kilobytes', async () => {
    const base = Date.parse('2025-01-01T00:00:00Z');
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      userId: admin.userId,
      name: `bulk-${String(i).padStart(4, '0')}`,
      description: null,
      createdAt: new Date(base + i * 1000),
      // Updated in the opposite order to their creation.
      updatedAt: new Date(base + (1000 - i) * 1000),
    }));
    for (let i = 0; i < rows.length; i += 250) {
      await t.database.db.insert(apps).values(rows.slice(i, i + 250));
    }
    const first = await summary(admin, '?limit=3');
    expect(first.page.total).toBe(1001);
    expect(first.page.items.map((app) => app.name)).toEqual(['rolling', 'bulk-0999', 'bulk-0998']);
    const updated = await summary(admin, '?limit=2&offset=1&sort=updated');
    expect(updated.page.items.map((app) => app.name)).toEqual(['bulk-0000', 'bulk-0001']);
    const searched = await summary(admin, '?search=BULK-099');
    expect(searched.page.total).toBe(10);
    // A page of the default size stays small however many apps there are.
    const page = await summary(admin);
    expect(page.page.items).toHaveLength(50);
    expect(Buffer.byteLength(page.response.body)).toBeLessThan(8 * 1024);
  });

  it('refuses a page size out of bounds with a sentence', async () => {
    const { response } = await summary(admin, '?limit=5000');
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: string[] }>().errors).toContain(listPageMessages.limit);
  });
});
