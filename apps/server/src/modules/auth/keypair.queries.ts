import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { userKeypairs, users } from '../../platform/db/schema';

export async function findUserKeypair(db: Database, userId: string) {
  const [row] = await db
    .select()
    .from(userKeypairs)
    .where(eq(userKeypairs.userId, userId))
    .limit(1);
  return row;
}

/** The name the user's keypair goes by in datacenters, or undefined before it is made. */
export async function findKeypairName(db: Database, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ keyName: userKeypairs.keyName })
    .from(userKeypairs)
    .where(eq(userKeypairs.userId, userId))
    .limit(1);
  return row?.keyName;
}

/** Inserts the keypair unless the user already has one; the caller reads the winner back. */
export async function insertUserKeypairIfAbsent(
  db: Database,
  values: typeof userKeypairs.$inferInsert,
): Promise<void> {
  await db.insert(userKeypairs).values(values).onConflictDoNothing({ target: userKeypairs.userId });
}

export async function findUserById(db: Database, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user;
}
