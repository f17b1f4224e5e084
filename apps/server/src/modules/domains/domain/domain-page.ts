import { createHash } from 'node:crypto';
import type { Domain, DomainPage } from '@meridian/domain/domains/domain-api';
import type { ListPageQuery } from '@meridian/domain/list-page';
import {
  createPerUserRevisionCache,
  type PerUserRevisionCache,
  type RevisionReader,
} from '../../../platform/db/per-user-revision-cache';
import { serialiseBody, type SerialisedBody } from '../../../platform/http/serialised-body';
import type { DomainContext } from '../domain-context';
import { toDomain } from './domain.mapper';
import { activeDomains } from './domain.records';
import { isBeingPublished, jobsWorkingOn, namesUnderDomains } from './domain.service';
import type { DomainRow } from '../../../platform/db/schema/domains';

/** The user's domains, oldest first, with the deployment names under each. */
interface DomainList {
  rows: DomainRow[];
  names: Map<string, string[]>;
  etag: string;
  /** The spec's list serialised, while no domain is being published or removed. */
  settled?: Promise<SerialisedBody>;
}

export type DomainListCache = PerUserRevisionCache<DomainList>;

export function createDomainListCache(): DomainListCache {
  return createPerUserRevisionCache<DomainList>();
}

/**
 * The user's domains and the names under them, built once per revision of the user (a change to
 * their domains or deployments bumps it); a read then costs one indexed read, or none when the
 * session lookup brought the revision.
 */
function cachedList(
  context: DomainContext,
  cache: DomainListCache,
  reader: RevisionReader,
): Promise<DomainList> {
  const { db } = context;
  return cache.get(db, reader, async (revision) => {
    const rows = await activeDomains(db, reader.userId);
    const names = rows.length > 0 ? await namesUnderDomains(db, reader.userId, rows) : new Map();
    return { rows, names, etag: `"domains-${reader.userId}-${revision}"` };
  });
}

/** These domains as the API answers them; jobs come and go without a change to a domain row. */
async function answersOf(
  context: DomainContext,
  list: DomainList,
  rows: DomainRow[],
): Promise<Domain[]> {
  const working = await jobsWorkingOn(context, rows);
  return rows.map((row) =>
    toDomain(row, list.names.get(row.id) ?? [], context.nameservers, working.get(row.id)),
  );
}

/**
 * Every domain of the user, oldest first: the spec's `GET /domain/name`, serialised once per
 * revision; while a domain's job works, per request (jobs end without a revision).
 */
export async function domainListBody(
  context: DomainContext,
  cache: DomainListCache,
  reader: RevisionReader,
): Promise<SerialisedBody> {
  const list = await cachedList(context, cache, reader);
  if (list.rows.some(isBeingPublished)) {
    const answers = await answersOf(context, list, list.rows);
    const digest = createHash('sha256').update(JSON.stringify(answers)).digest('base64url');
    return serialiseBody(answers, `"domains-${digest}"`);
  }
  list.settled ??= answersOf(context, list, list.rows).then((answers) =>
    serialiseBody(answers, list.etag),
  );
  return list.settled;
}

/** One page of the user's domains as `GET /domain/name` answers them, for the console's page. */
export async function domainPage(
  context: DomainContext,
  cache: DomainListCache,
  reader: RevisionReader,
  query: ListPageQuery,
): Promise<DomainPage> {
  const list = await cachedList(context, cache, reader);
  const rows = list.rows.slice(query.offset, query.offset + query.limit);
  const items = await answersOf(context, list, rows);
  return { items, total: list.rows.length, offset: query.offset, limit: query.limit };
}
