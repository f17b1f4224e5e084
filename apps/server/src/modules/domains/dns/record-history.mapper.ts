import type { RecordHistoryEntry } from '@meridian/domain/domains/zone-api';
import type { DnsRecordHistoryRow } from '../../../platform/db/schema/domains';

export function toRecordHistoryEntry(row: DnsRecordHistoryRow): RecordHistoryEntry {
  return {
    uuid: row.id,
    at: row.at.toISOString(),
    actor: { type: row.actorKind, name: row.actorName },
    action: row.action,
    before: row.before,
    after: row.after,
  };
}
