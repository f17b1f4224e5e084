import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import { apiKeys } from '../../../platform/db/schema/accounts';

/** The user's live keys, newest first. */
export function listApiKeys(db: Database, userId: string) {
  return db
    .select({
      name: apiKeys.name,
      createdAt: apiKeys.createdAt,
      scopes: apiKeys.scopes,
      expiresAt: apiKeys.expiresAt,
      lastUsedAt: apiKeys.lastUsedAt,
      organizationId: apiKeys.organizationId,
    })
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** Inserts the key, or returns undefined when the user already has a key of that name. */
export async function insertApiKey(db: Database, values: typeof apiKeys.$inferInsert) {
  const [row] = await db
    .insert(apiKeys)
    .values(values)
    .onConflictDoNothing({ target: [apiKeys.userId, apiKeys.name] })
    .returning();
  return row;
}

/** Deletes the user's key of that name; answers whether there was one. */
export async function deleteApiKey(db: Database, userId: string, name: string) {
  const deleted = await db
    .delete(apiKeys)
    .where(and(eq(apiKeys.userId, userId), eq(apiKeys.name, name)))
    .returning({ id: apiKeys.id });
  return deleted.length > 0;
}

/** The key holding this hash. */
export async function findApiKeyByHash(db: Database, keyHash: string) {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.keyHash, keyHash)).limit(1);
  return row;
}

/** Writes when the key was used, unless another request already did within the minute. */
export async function touchApiKey(db: Database, keyId: string, at: Date) {
  const minuteAgo = new Date(at.getTime() - 60_000);
  await db
    .update(apiKeys)
    .set({ lastUsedAt: at })
    .where(
      and(eq(apiKeys.id, keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, minuteAgo))),
    );
}
