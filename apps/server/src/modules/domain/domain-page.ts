import type { DomainPage } from '@meridian/domain/domains/domain-api';
import type { ListPageQuery } from '@meridian/domain/list-page';
import {
  createPerUserRevisionCache,
  type PerUserRevisionCache,
  type RevisionReader,
} from '../../platform/db/per-user-revision-cache';
import type { DomainRow } from '../../platform/db/schema';
import type { DomainContext } from './domain-context';
import { toDomain } from './domain.mapper';
import { activeDomains } from './domain.records';
import { jobsWorkingOn, namesUnderDomains } from './domain.service';

/** The user's domains, oldest first, with the deployment names under each. */
interface DomainList {
  rows: DomainRow[];
  names: Map<string, string[]>;
}

export type DomainListCache = PerUserRevisionCache<DomainList>;

export function createDomainListCache(): DomainListCache {
  return createPerUserRevisionCache<DomainList>();
}

/**
 * One page of the user's domains as `GET /domain/name` answers them. Built once per revision of
 * the user (a change to their domains or deployments bumps it); a page then costs one indexed
 * read, a slice, and a look at the jobs of those on it still being published.
 */
export async function domainPage(
  context: DomainContext,
  cache: DomainListCache,
  reader: RevisionReader,
  query: ListPageQuery,
): Promise<DomainPage> {
  const { db, nameservers } = context;
  const { userId } = reader;
  const list = await cache.get(db, reader, async () => {
    const rows = await activeDomains(db, userId);
    const names = rows.length > 0 ? await namesUnderDomains(db, userId, rows) : new Map();
    return { rows, names };
  });
  const rows = list.rows.slice(query.offset, query.offset + query.limit);
  // Jobs come and go without a change to the domain row: asked for on each page.
  const working = await jobsWorkingOn(context, rows);
  const items = rows.map((row) =>
    toDomain(row, list.names.get(row.id) ?? [], nameservers, working.get(row.id)),
  );
  return { items, total: list.rows.length, offset: query.offset, limit: query.limit };
}
