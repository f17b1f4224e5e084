import type { AuditEntry } from '@meridian/domain/auth/audit';
import type { AuditEntryRow } from '../../../platform/db/schema/platform';

/** A stored entry as the API answers it. */
export function auditEntryOf(row: AuditEntryRow): AuditEntry {
  return {
    uuid: row.id,
    at: row.at.toISOString(),
    actor: { type: row.actorType, uuid: row.actorId, name: row.actorName },
    action: row.action,
    target: { type: row.targetType, uuid: row.targetId, name: row.targetName },
    organization_uuid: row.organizationId,
    ip: row.ip,
    result: row.result,
  };
}
