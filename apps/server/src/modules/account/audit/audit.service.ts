import {
  auditLimits,
  type AuditFilter,
  type AuditPage,
  type AuditQuery,
} from '@meridian/domain/auth/audit';
import type { AccountContext } from '../account-context';
import { auditCsvOf } from './audit.csv';
import { auditEntryOf } from './audit.mapper';
import {
  auditedOrganizationsOf,
  countAuditEntries,
  findAuditEntries,
  type AuditScope,
} from './audit.queries';

/** What `userId` may read: their own account's entries, and their organisations' as admin or owner. */
async function scopeOf(context: AccountContext, userId: string): Promise<AuditScope> {
  return { userId, organizationIds: await auditedOrganizationsOf(context.db, userId) };
}

/** `GET /auth/audit`: one page of the entries the caller may see, newest first. */
export async function listAudit(
  context: AccountContext,
  userId: string,
  { limit, offset, ...filter }: AuditQuery,
): Promise<AuditPage> {
  const scope = await scopeOf(context, userId);
  const [rows, total] = await Promise.all([
    findAuditEntries(context.db, scope, filter, { limit, offset }),
    countAuditEntries(context.db, scope, filter),
  ]);
  return { items: rows.map(auditEntryOf), total, offset, limit };
}

/** `GET /auth/audit.csv`: the same entries as CSV, the newest `maxCsvRows` of them. */
export async function auditCsv(
  context: AccountContext,
  userId: string,
  filter: AuditFilter,
): Promise<string> {
  const scope = await scopeOf(context, userId);
  const rows = await findAuditEntries(context.db, scope, filter, {
    limit: auditLimits.maxCsvRows,
    offset: 0,
  });
  return auditCsvOf(rows.map(auditEntryOf));
}
