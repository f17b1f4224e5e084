import type { AppSummaryPage } from '@meridian/domain/apps/app-api';
import { listPageMessages } from '@meridian/domain/list-page';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  DriverOperation,
  WorkloadOperation,
} from '../../../platform/drivers/infrastructure-driver';
import { SimulatorDriver } from '../../../platform/drivers/simulator/simulator-driver';
import { insertInChunks, useListPageSuite } from '../../../../test-support/list-page-suite';
import { databaseBackends, type LoggedIn } from '../../../../test-support/test-app';
import { createClusterTestApp } from '../../clusters/cluster/cluster.test-support';
import { basicAppFields, createApp, listApps, readySmartCluster } from './app.test-support';
import { apps } from '../../../platform/db/schema/apps';
import { datacenters } from '../../../platform/db/schema/clusters';

/** Clusters are ready at once, rollouts take an hour: the app stays pending for the test. */
class SlowRolloutDriver extends SimulatorDriver {
  override plannedDurationMs(operation: DriverOperation | WorkloadOperation): number {
    return ['create', 'update', 'delete'].includes(operation) ? 0 : 3_600_000;
  }
}

describe.each(databaseBackends())('the app summary on %s', (backend) => {
  const suite = useListPageSuite(
    () =>
      createClusterTestApp(backend, {
        drivers: new Map([
          ['slow-rollout', new SlowRolloutDriver({ timeScale: 0, failDatacenters: [] })],
        ]),
      }),
    async ({ t, admin }) => {
      await t.database.db
        .update(datacenters)
        .set({ driver: 'slow-rollout' })
        .where(eq(datacenters.uuid, 'au-sydney'));
      const slow = await readySmartCluster(t, admin, ['au-sydney'], 'slow');
      const created = await createApp(t, admin, basicAppFields(slow.uuid, { name: 'rolling' }));
      expect(created.statusCode).toBe(200);
    },
  );

  const summary = (user: LoggedIn, query = '') =>
    suite.page<AppSummaryPage>('/meridian/v1/kube/apps/summary', user, query);

  it('shows a pending app and where its rollout runs, and nothing of another user', async () => {
    const { response, body: page } = await summary(suite.admin);
    expect(response.statusCode).toBe(200);
    expect(page).toMatchObject({ total: 1, offset: 0, limit: 50 });
    expect(page.items).toEqual([
      expect.objectContaining({ name: 'rolling', pending: true }) as unknown,
    ]);
    expect(Object.keys(page.items[0]!).sort()).toEqual(
      ['createdAt', 'name', 'pending', 'updatedAt', 'uuid'].sort(),
    );
    expect(page.pending_datacenter_uuids).toEqual(['au-sydney']);
    expect((await summary(suite.other)).body).toMatchObject({ total: 0, items: [] });
    // The spec's list is unchanged beside it.
    expect((await listApps(suite.t, suite.admin))[0]).toHaveProperty('deployments');
  });

  it('pages, sorts newest first and searches 1,000 apps in a few kilobytes', async () => {
    const base = Date.parse('2025-01-01T00:00:00Z');
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      userId: suite.admin.userId,
      name: `bulk-${String(i).padStart(4, '0')}`,
      description: null,
      createdAt: new Date(base + i * 1000),
      // Updated in the opposite order to their creation.
      updatedAt: new Date(base + (1000 - i) * 1000),
    }));
    await insertInChunks(suite.t.database.db, apps, rows);
    const first = await summary(suite.admin, '?limit=3');
    expect(first.body.total).toBe(1001);
    expect(first.body.items.map((app) => app.name)).toEqual(['rolling', 'bulk-0999', 'bulk-0998']);
    const updated = await summary(suite.admin, '?limit=2&offset=1&sort=updated');
    expect(updated.body.items.map((app) => app.name)).toEqual(['bulk-0000', 'bulk-0001']);
    const searched = await summary(suite.admin, '?search=BULK-099');
    expect(searched.body.total).toBe(10);
    // A page of the default size stays small however many apps there are.
    const page = await summary(suite.admin);
    expect(page.body.items).toHaveLength(50);
    expect(Buffer.byteLength(page.response.body)).toBeLessThan(8 * 1024);
  });

  it('refuses a page size out of bounds with a sentence', async () => {
    const { response } = await summary(suite.admin, '?limit=5000');
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: string[] }>().errors).toContain(listPageMessages.limit);
  });
});
