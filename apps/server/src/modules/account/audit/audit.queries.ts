import {
  and,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  like,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AuditFilter } from '@meridian/domain/auth/audit';
import type { Database } from '../../../platform/db/database';
import { organizationMembers } from '../../../platform/db/schema/accounts';
import { auditEntries, type AuditEntryRow } from '../../../platform/db/schema/platform';

/** Roles that see every entry of their organisation (`owner` comes with the new roles). */
const auditReaderRoles: readonly string[] = ['owner', 'admin'];

/** The organisations whose whole log `userId` may read. */
export async function auditedOrganizationsOf(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: organizationMembers.organizationId, role: organizationMembers.role })
    .from(organizationMembers)
    .where(eq(organizationMembers.userId, userId));
  return rows.filter((row) => auditReaderRoles.includes(row.role)).map((row) => row.id);
}

/** Who may see what: one's own account's entries, and those of the organisations given. */
export interface AuditScope {
  userId: string;
  organizationIds: readonly string[];
}

/** `%` and `_` typed in a filter are meant literally. */
function contains(value: string): string {
  return `%${value.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function conditionsOf(scope: AuditScope, filter: AuditFilter): SQL | undefined {
  const visible =
    scope.organizationIds.length > 0
      ? or(
          eq(auditEntries.accountUserId, scope.userId),
          inArray(auditEntries.organizationId, [...scope.organizationIds]),
        )
      : eq(auditEntries.accountUserId, scope.userId);
  const { actor, action, target, from, to } = filter;
  return and(
    visible,
    actor
      ? or(
          sql`${auditEntries.actorType} = ${actor}`,
          eq(auditEntries.actorId, actor),
          ilike(auditEntries.actorName, contains(actor)),
        )
      : undefined,
    action
      ? or(eq(auditEntries.action, action), like(auditEntries.action, `${action}.%`))
      : undefined,
    target
      ? or(
          eq(auditEntries.targetType, target),
          eq(auditEntries.targetId, target),
          ilike(auditEntries.targetName, contains(target)),
        )
      : undefined,
    from ? gte(auditEntries.at, from) : undefined,
    to ? lte(auditEntries.at, to) : undefined,
  );
}

/** The entries `scope` sees that match `filter`, newest first. */
export function findAuditEntries(
  db: Database,
  scope: AuditScope,
  filter: AuditFilter,
  page: { limit: number; offset: number },
): Promise<AuditEntryRow[]> {
  return db
    .select()
    .from(auditEntries)
    .where(conditionsOf(scope, filter))
    .orderBy(desc(auditEntries.at), desc(auditEntries.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countAuditEntries(
  db: Database,
  scope: AuditScope,
  filter: AuditFilter,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(auditEntries)
    .where(conditionsOf(scope, filter));
  return row?.total ?? 0;
}
