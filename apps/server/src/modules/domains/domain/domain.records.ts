import type { Database } from '../../../platform/db/database';
import { zoneCovers } from '../../../platform/dns/public-suffix';
import { NotFoundError } from '../../../platform/http/errors';
import {
  changeRecordRow,
  deleteRecordRow,
  deleteRecordRows,
  insertRecordRows,
  findOwnDomainRow,
  findOwnRecordRow,
  insertRecordRow,
  listDomainRows,
  listRecordRows,
  recordsNamed,
} from './domain.queries';
import type { DnsRecordRow, DomainRow } from '../../../platform/db/schema/domains';

/**
 * Domains and their records as the DNS module reads and changes them: the domain module owns the
 * zone data (domains, records, the revision DNS servers follow).
 */

/** The user's domain, unless it is being deleted. */
export async function ownDomain(db: Database, userId: string, id: string): Promise<DomainRow> {
  const row = await findOwnDomainRow(db, userId, id);
  if (!row || row.status === 'deleting') throw new NotFoundError('Domain not found');
  return row;
}

/** The user's domains that are not being deleted, oldest first. */
export async function activeDomains(db: Database, userId: string): Promise<DomainRow[]> {
  return (await listDomainRows(db, userId)).filter((row) => row.status !== 'deleting');
}

/**
 * The names among these that none of the user's domains vouches for: under no domain of theirs,
 * or only under one that is, or lies above, a public suffix (a certificate's rule).
 */
export async function namesOutsideOwnDomains(
  db: Database,
  userId: string,
  names: readonly string[],
): Promise<string[]> {
  const zones = (await activeDomains(db, userId)).map((row) => row.domainName);
  return names.filter((name) => !zones.some((zone) => zoneCovers(zone, name)));
}

export async function ownRecord(
  db: Database,
  userId: string,
  id: string,
): Promise<{ record: DnsRecordRow; domain: DomainRow }> {
  const row = await findOwnRecordRow(db, userId, id);
  if (!row || row.domain.status === 'deleting') throw new NotFoundError('Record not found');
  return row;
}

export const recordsOfDomain = listRecordRows;
export const recordsAtName = recordsNamed;
export const insertRecord = insertRecordRow;
export const changeRecord = changeRecordRow;
export const deleteRecord = deleteRecordRow;
export const insertRecords = insertRecordRows;
export const deleteRecords = deleteRecordRows;
