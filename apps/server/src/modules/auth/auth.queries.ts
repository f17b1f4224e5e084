import { and, count, eq, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { sessions, users } from '../../platform/db/schema';

export async function findUserByUsername(db: Database, username: string) {
  const [user] = await db
    .select()
    .from(users)
    // Same expression as users_username_lower_idx, so the lookup uses that index.
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return user;
}

export async function countUsers(db: Database): Promise<number> {
  const [row] = await db.select({ value: count() }).from(users);
  return row?.value ?? 0;
}

/** Inserts the user, or returns undefined when the username is already taken. */
export async function insertUser(db: Database, values: typeof users.$inferInsert) {
  const [user] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return user;
}

export async function insertSession(db: Database, values: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(values);
}

/** The session holding this token hash, with the user it belongs to. */
export async function findSessionByTokenHash(db: Database, tokenHash: string) {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  return row;
}

export async function updateSessionLastSeen(db: Database, sessionId: string, lastSeenAt: Date) {
  await db.update(sessions).set({ lastSeenAt }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: Database, sessionId: string, revokedAt: Date) {
  await db.update(sessions).set({ revokedAt }).where(eq(sessions.id, sessionId));
}

/**
 * Deletes the user's sessions that can never authenticate again (revoked, past their lifetime or
 * idle too long), so the table holds live sessions and not every login ever made.
 */
export async function deleteDeadSessions(
  db: Database,
  userId: string,
  at: Date,
  idleTimeoutMs: number,
): Promise<void> {
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        or(
          isNotNull(sessions.revokedAt),
          lte(sessions.expiresAt, at),
          lte(sessions.lastSeenAt, new Date(at.getTime() - idleTimeoutMs)),
        ),
      ),
    );
}

export async function findUserById(db: Database, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user;
}
