import type { ListPageQuery } from '@meridian/domain/list-page';
import type { RecordHistoryPage } from '@meridian/domain/domains/zone-api';
import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import {
  dnsRecordHistory,
  type DnsRecordHistoryRow,
  type DnsRecordRow,
  type HistoryRecordValue,
} from '../../../platform/db/schema/domains';
import type { HistoryActor } from '../../../platform/http/request-actor';
import { toRecordHistoryEntry } from './record-history.mapper';

/**
 * A domain's record history (docs/domains.md): every path that changes records writes here in
 * the change's own transaction, so the history holds exactly what committed.
 */

export type RecordChangeAction = DnsRecordHistoryRow['action'];

export interface RecordChange {
  action: RecordChangeAction;
  before: Pick<DnsRecordRow, 'name' | 'type' | 'content' | 'ttl'> | null;
  after: Pick<DnsRecordRow, 'name' | 'type' | 'content' | 'ttl'> | null;
}

function valueOf(record: RecordChange['before']): HistoryRecordValue | null {
  return record
    ? { domain: record.name, type: record.type, content: record.content, ttl: record.ttl }
    : null;
}

/** Writes the changes of one step (a whole import is one call). */
export async function recordHistory(
  tx: Database,
  domainId: string,
  actor: HistoryActor,
  changes: readonly RecordChange[],
  at = new Date(),
): Promise<void> {
  if (changes.length === 0) return;
  await tx.insert(dnsRecordHistory).values(
    changes.map((change) => ({
      domainId,
      at,
      actorKind: actor.kind,
      actorName: actor.name.slice(0, 200),
      action: change.action,
      before: valueOf(change.before),
      after: valueOf(change.after),
    })),
  );
}

/** One page of the domain's history, newest first. */
export async function historyPage(
  db: Database,
  domainId: string,
  query: ListPageQuery,
): Promise<RecordHistoryPage> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(dnsRecordHistory)
      .where(eq(dnsRecordHistory.domainId, domainId))
      .orderBy(desc(dnsRecordHistory.at), desc(dnsRecordHistory.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ value: count() })
      .from(dnsRecordHistory)
      .where(eq(dnsRecordHistory.domainId, domainId)),
  ]);
  return {
    items: rows.map(toRecordHistoryEntry),
    total: total?.value ?? 0,
    offset: query.offset,
    limit: query.limit,
  };
}
