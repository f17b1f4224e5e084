import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import type { SealedColumn } from '../../../platform/secret-rotation';
import { certificates, type CertificateRow } from '../../../platform/db/schema/domains';
import { certificateAuthorities } from '../../../platform/db/schema/platform';

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
    label: 'certificate authority keys',
    table: certificateAuthorities,
    id: certificateAuthorities.id,
    sealed: certificateAuthorities.privateKeySealed,
  },
];
