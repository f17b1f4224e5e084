import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import {
  dnsRecords,
  domains,
  type DnsRecordRow,
  type DomainRow,
} from '../../../platform/db/schema/domains';

export async function findOwnDomainRow(
  db: Database,
  userId: string,
  id: string,
): Promise<DomainRow | undefined> {
  const [row] = await db
    .select()
    .from(domains)
    .where(and(eq(domains.id, id), eq(domains.userId, userId)));
  return row;
}

export async function findDomainRow(db: Database, id: string): Promise<DomainRow | undefined> {
  const [row] = await db.select().from(domains).where(eq(domains.id, id));
  return row;
}

export async function findDomainByName(
  db: Database,
  domainName: string,
): Promise<DomainRow | undefined> {
  const [row] = await db.select().from(domains).where(eq(domains.domainName, domainName));
  return row;
}

export function listDomainRows(db: Database, userId: string): Promise<DomainRow[]> {
  return db
    .select()
    .from(domains)
    .where(eq(domains.userId, userId))
    .orderBy(asc(domains.createdAt));
}

/** Serialises domain creation: two accounts racing for nested names cannot both win. */
export async function lockDomainNames(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('meridian:domains'))`);
}

/** The zones equal to `name`, above it (its ancestors) or below it, with their owners. */
export function overlappingZones(
  tx: Database,
  name: string,
  ancestors: readonly string[],
): Promise<Pick<DomainRow, 'userId' | 'domainName'>[]> {
  return tx
    .select({ userId: domains.userId, domainName: domains.domainName })
    .from(domains)
    .where(
      or(
        eq(domains.domainName, name),
        ancestors.length > 0 ? inArray(domains.domainName, ancestors.slice()) : sql`false`,
        sql`right(${domains.domainName}, ${name.length + 1}) = ${`.${name}`}`,
      ),
    );
}

/** The new domain, or undefined when the name was taken meanwhile. */
export async function insertDomainRow(
  tx: Database,
  values: typeof domains.$inferInsert,
): Promise<DomainRow | undefined> {
  const [row] = await tx.insert(domains).values(values).onConflictDoNothing().returning();
  return row;
}

export type DomainChange = Partial<
  Pick<DomainRow, 'status' | 'statusReason' | 'userId' | 'organizationId' | 'email'>
> & {
  updatedAt: Date;
};

/** Writes the change while the domain is still in `whileStatus`; the row after, if it was. */
export async function changeDomainRow(
  tx: Database,
  id: string,
  change: DomainChange,
  whileStatus?: DomainRow['status'],
): Promise<DomainRow | undefined> {
  const [row] = await tx
    .update(domains)
    .set(change)
    .where(
      whileStatus ? and(eq(domains.id, id), eq(domains.status, whileStatus)) : eq(domains.id, id),
    )
    .returning();
  return row;
}

export async function deleteDeletingDomain(tx: Database, id: string): Promise<void> {
  await tx.delete(domains).where(and(eq(domains.id, id), eq(domains.status, 'deleting')));
}

export async function findOwnRecordRow(
  db: Database,
  userId: string,
  id: string,
): Promise<{ record: DnsRecordRow; domain: DomainRow } | undefined> {
  const [row] = await db
    .select({ record: dnsRecords, domain: domains })
    .from(dnsRecords)
    .innerJoin(domains, eq(domains.id, dnsRecords.domainId))
    .where(and(eq(dnsRecords.id, id), eq(dnsRecords.userId, userId)));
  return row;
}

export function listRecordRows(db: Database, domainId: string): Promise<DnsRecordRow[]> {
  return db
    .select()
    .from(dnsRecords)
    .where(eq(dnsRecords.domainId, domainId))
    .orderBy(asc(dnsRecords.createdAt), asc(dnsRecords.id));
}

/** The records already at this name in the domain: their ids and types. */
export function recordsNamed(
  db: Database,
  domainId: string,
  name: string,
): Promise<Pick<DnsRecordRow, 'id' | 'type'>[]> {
  return db
    .select({ id: dnsRecords.id, type: dnsRecords.type })
    .from(dnsRecords)
    .where(and(eq(dnsRecords.domainId, domainId), eq(dnsRecords.name, name)));
}

export async function insertRecordRow(
  tx: Database,
  values: typeof dnsRecords.$inferInsert,
): Promise<DnsRecordRow> {
  const [row] = await tx.insert(dnsRecords).values(values).returning();
  return row!;
}

export async function changeRecordRow(
  tx: Database,
  id: string,
  change: Pick<DnsRecordRow, 'name' | 'content' | 'ttl' | 'updatedAt'>,
): Promise<DnsRecordRow> {
  const [row] = await tx.update(dnsRecords).set(change).where(eq(dnsRecords.id, id)).returning();
  return row!;
}

/** Many records at once (an import), in slices a statement's parameters can hold. */
export async function insertRecordRows(
  tx: Database,
  values: (typeof dnsRecords.$inferInsert)[],
): Promise<DnsRecordRow[]> {
  const rows: DnsRecordRow[] = [];
  for (let start = 0; start < values.length; start += 1000) {
    rows.push(
      ...(await tx
        .insert(dnsRecords)
        .values(values.slice(start, start + 1000))
        .returning()),
    );
  }
  return rows;
}

export async function deleteRecordRows(tx: Database, ids: readonly string[]): Promise<void> {
  for (let start = 0; start < ids.length; start += 1000) {
    await tx.delete(dnsRecords).where(inArray(dnsRecords.id, ids.slice(start, start + 1000)));
  }
}

export async function deleteRecordRow(tx: Database, id: string): Promise<void> {
  await tx.delete(dnsRecords).where(eq(dnsRecords.id, id));
}
