import { lt } from 'drizzle-orm';
import type { AuditActorType, AuditResult } from '@meridian/domain/auth/audit';
import type { Database } from './db/database';
import { auditEntries } from './db/schema/platform';

/** How long entries are kept (docs/audit-log.md): a year and a bit, for yearly reviews. */
export const auditRetentionMs = 400 * 24 * 3_600_000;

/** How often a process purges entries past the retention, at most. */
const purgeEveryMs = 3_600_000;

/** What an entry says; secrets never go in (no request body, only names and ids). */
export interface AuditRecord {
  at?: Date;
  actor: { type: AuditActorType; id: string | null; name: string | null };
  action: string;
  target: { type: string; id: string | null; name: string | null };
  organizationId?: string | null;
  /** The account the entry concerns: the caller, or the owner of what Meridian changed. */
  accountUserId: string | null;
  ip?: string | null;
  result: AuditResult;
}

const textMax = 200;

function bounded(value: string | null | undefined): string | null {
  return value == null ? null : value.slice(0, textMax);
}

/**
 * Writes one audit entry. Call it in the transaction of the change when there is one (Meridian's
 * own changes); the HTTP audit trail calls it before the answer goes out.
 */
export async function recordAudit(db: Database, entry: AuditRecord): Promise<void> {
  await db.insert(auditEntries).values({
    at: entry.at,
    actorType: entry.actor.type,
    actorId: bounded(entry.actor.id),
    actorName: bounded(entry.actor.name),
    action: entry.action,
    targetType: entry.target.type,
    targetId: bounded(entry.target.id),
    targetName: bounded(entry.target.name),
    organizationId: entry.organizationId ?? null,
    accountUserId: entry.accountUserId,
    ip: bounded(entry.ip),
    result: entry.result,
  });
}

/** Deletes entries past the retention, at most once an hour per process (a cheap indexed delete). */
export function auditPurger(db: Database, now: () => Date): () => Promise<void> {
  let last = 0;
  return async () => {
    const at = now().getTime();
    if (at - last < purgeEveryMs) return;
    last = at;
    await db.delete(auditEntries).where(lt(auditEntries.at, new Date(at - auditRetentionMs)));
  };
}
