import { domainSchema, type DomainPage } from '@meridian/domain/domains/domain-api';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  expectSerialisedList,
  insertInChunks,
  useListPageSuite,
} from '../../../../test-support/list-page-suite';
import { databaseBackends, type LoggedIn } from '../../../../test-support/test-app';
import { createClusterTestApp, waitFor } from '../../clusters/cluster/cluster.test-support';
import { domains } from '../../../platform/db/schema/domains';

describe.each(databaseBackends())('the domain page on %s', (backend) => {
  const suite = useListPageSuite(
    () => createClusterTestApp(backend),
    async ({ t, admin }) => {
      for (const name of ['first-page.ca', 'second-page.ca']) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/domain/name',
          headers: admin.headers,
          payload: { domain_name: name },
        });
        expect(response.statusCode).toBe(200);
      }
      // Published, so the tests see settled lists (one being published is answered afresh).
      await waitFor(
        async () => {
          const list = await t.app.inject({ url: '/domain/name', headers: admin.headers });
          return list.json<{ status: string }[]>().every((domain) => domain.status === 'success');
        },
        { what: 'the domains to be published' },
      );
    },
    60_000,
  );

  const page = (user: LoggedIn, query = '') =>
    suite.page<DomainPage>('/domain/name/page', user, query);

  it('answers the domains oldest first, a page at a time, and none of another user', async () => {
    const { response, body } = await page(suite.admin, '?limit=1&offset=1');
    expect(response.statusCode).toBe(200);
    expect(body).toMatchObject({ total: 2, offset: 1, limit: 1 });
    expect(body.items.map((item) => item.domain_name)).toEqual(['second-page.ca']);
    expect(body.items[0]!.nameservers).toHaveLength(2);
    expect((await page(suite.other)).body).toMatchObject({ total: 0, items: [] });
    expect((await page(suite.admin, '?offset=-1')).response.statusCode).toBe(400);
  });

  it('sends the full list serialised once, to its own user only', async () => {
    const list = await expectSerialisedList(suite, '/domain/name', domainSchema);
    expect(list.map((domain) => domain.domain_name)).toEqual(['first-page.ca', 'second-page.ca']);
  });

  it('keeps a page of 1,000 domains small', async () => {
    const rows = Array.from({ length: 998 }, (_, i) => ({
      userId: suite.admin.userId,
      domainName: `bulk-${i}.example.ca`,
      status: 'success' as const,
    }));
    await insertInChunks(suite.t.database.db, domains, rows);
    const { body, response } = await page(suite.admin);
    expect(body.total).toBe(1000);
    expect(body.items).toHaveLength(50);
    expect(Buffer.byteLength(response.body)).toBeLessThan(24 * 1024);
  });

  it('follows a change to a domain, and leaves out one being deleted', async () => {
    expect((await page(suite.admin, '?limit=1')).body.items[0]!.domain_name).toBe('first-page.ca');
    await suite.t.database.db
      .update(domains)
      .set({ status: 'deleting' })
      .where(eq(domains.domainName, 'first-page.ca'));
    const { body } = await page(suite.admin, '?limit=1');
    expect(body.total).toBe(999);
    expect(body.items.map((item) => item.domain_name)).toEqual(['second-page.ca']);
  });
});
