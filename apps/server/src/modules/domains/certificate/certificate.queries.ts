import { and, desc, eq, ne } from 'drizzle-orm';
import { deployments } from '../../../platform/db/schema/apps';
import type { Database } from '../../../platform/db/database';
import type { SealedColumn } from '../../../platform/secret-rotation';
import {
  acmeChallenges,
  certificates,
  type CertificateRow,
  type CertificateState,
} from '../../../platform/db/schema/domains';
import { acmeAccounts, certificateAuthorities } from '../../../platform/db/schema/platform';

export async function insertCertificate(
  tx: Database,
  values: typeof certificates.$inferInsert,
): Promise<string> {
  const [row] = await tx.insert(certificates).values(values).returning({ id: certificates.id });
  return row!.id;
}

/** The deployment's newest certificate of this user. */
export async function newestCertificate(
  db: Database,
  userId: string,
  deploymentId: string,
): Promise<CertificateRow | undefined> {
  const [row] = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.deploymentId, deploymentId), eq(certificates.userId, userId)))
    .orderBy(desc(certificates.createdAt))
    .limit(1);
  return row;
}

export async function findCertificateRow(
  db: Database,
  id: string,
): Promise<CertificateRow | undefined> {
  const [row] = await db.select().from(certificates).where(eq(certificates.id, id));
  return row;
}

/**
 * Changes a certificate only while it is in `from` (and, given, at order `order`): answers whether
 * it did, so a job run twice, or one overtaken by a newer order, changes nothing.
 */
export async function changeCertificate(
  tx: Database,
  id: string,
  change: Partial<typeof certificates.$inferInsert>,
  from: { state: CertificateState; order?: number },
): Promise<boolean> {
  const rows = await tx
    .update(certificates)
    .set(change)
    .where(
      and(
        eq(certificates.id, id),
        eq(certificates.state, from.state),
        from.order === undefined ? undefined : eq(certificates.orderCount, from.order),
      ),
    )
    .returning({ id: certificates.id });
  return rows.length > 0;
}

/** Every certificate not under way that the renewal round looks at (issued or failed). */
export async function listSettledCertificates(db: Database): Promise<CertificateRow[]> {
  return db.select().from(certificates).where(ne(certificates.state, 'renewing'));
}

/** Puts the challenge TXT records of a certificate's order in place of any earlier ones. */
export async function replaceChallenges(
  tx: Database,
  certificateId: string,
  records: readonly { name: string; content: string }[],
): Promise<void> {
  await tx.delete(acmeChallenges).where(eq(acmeChallenges.certificateId, certificateId));
  if (records.length === 0) return;
  await tx.insert(acmeChallenges).values(records.map((record) => ({ certificateId, ...record })));
}

/** The challenge TXT records being served, for the zones (only their owners' names are kept). */
export async function listChallenges(db: Database) {
  return db
    .select({
      name: acmeChallenges.name,
      content: acmeChallenges.content,
      userId: certificates.userId,
    })
    .from(acmeChallenges)
    .innerJoin(certificates, eq(certificates.id, acmeChallenges.certificateId));
}

export async function findAcmeAccount(db: Database, directoryUrl: string) {
  const [row] = await db
    .select()
    .from(acmeAccounts)
    .where(eq(acmeAccounts.directoryUrl, directoryUrl));
  return row;
}

/** Stores the account unless another process stored one first (then that one is used). */
export async function insertAcmeAccountIfAbsent(
  db: Database,
  values: typeof acmeAccounts.$inferInsert,
): Promise<void> {
  await db.insert(acmeAccounts).values(values).onConflictDoNothing();
}

/** The user's certificates that are their deployments' current ones. */
export async function currentCertificates(db: Database, userId: string): Promise<CertificateRow[]> {
  const rows = await db
    .select({ certificate: certificates })
    .from(certificates)
    .innerJoin(deployments, eq(deployments.certificateUuid, certificates.id))
    .where(eq(certificates.userId, userId))
    .orderBy(desc(certificates.createdAt));
  return rows.map((row) => row.certificate);
}

/** The one stored authority (row 1), if made. */
export async function findAuthority(db: Database) {
  const [row] = await db
    .select()
    .from(certificateAuthorities)
    .where(eq(certificateAuthorities.id, 1));
  return row;
}

/** Stores the authority unless another process stored one first. */
export async function insertAuthorityIfAbsent(
  db: Database,
  values: { certificatePem: string; privateKeySealed: string },
): Promise<void> {
  await db
    .insert(certificateAuthorities)
    .values({ id: 1, ...values })
    .onConflictDoNothing();
}

/** The sealed values of this module's tables: the private keys of certificates and of the CA. */
export const certificateSealedColumns: SealedColumn[] = [
  {
    label: 'certificate keys',
    table: certificates,
    id: certificates.id,
    sealed: certificates.privateKeySealed,
  },
  {
    label: 'ACME account keys',
    table: acmeAccounts,
    id: acmeAccounts.directoryUrl,
    sealed: acmeAccounts.accountKeySealed,
  },
  {
    label: 'certificate authority keys',
    table: certificateAuthorities,
    id: certificateAuthorities.id,
    sealed: certificateAuthorities.privateKeySealed,
  },
];
