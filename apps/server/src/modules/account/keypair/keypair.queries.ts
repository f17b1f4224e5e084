import { eq } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import type { SealedColumn } from '../../../platform/secret-rotation';
import { userKeypairs } from '../../../platform/db/schema/accounts';

export async function findUserKeypair(db: Database, userId: string) {
  const [row] = await db
    .select()
    .from(userKeypairs)
    .where(eq(userKeypairs.userId, userId))
    .limit(1);
  return row;
}

/** Inserts the keypair unless the user already has one; the caller reads the winner back. */
export async function insertUserKeypairIfAbsent(
  db: Database,
  values: typeof userKeypairs.$inferInsert,
): Promise<void> {
  await db.insert(userKeypairs).values(values).onConflictDoNothing({ target: userKeypairs.userId });
}

/** The sealed values of this module's table: users' SSH private keys. */
export const keypairSealedColumns: SealedColumn[] = [
  {
    label: 'SSH private keys',
    table: userKeypairs,
    id: userKeypairs.userId,
    sealed: userKeypairs.privateKeySealed,
  },
];
