import type { Locale } from '@meridian/domain/i18n/locale';
import { and, count, eq, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { planOnce, type Database } from '../../../platform/db/database';
import { sessions, users } from '../../../platform/db/schema/accounts';
import { userRevisions } from '../../../platform/db/schema/platform';

export async function findUserByUsername(db: Database, username: string) {
  const [user] = await db
    .select()
    .from(users)
    // Same expression as users_username_lower_idx, so the lookup uses that index.
    .where(and(sql`lower(${users.username}) = lower(${username})`, eq(users.kind, 'person')))
    .limit(1);
  return user;
}

export async function countUsers(db: Database): Promise<number> {
  const [row] = await db.select({ value: count() }).from(users).where(eq(users.kind, 'person'));
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

/**
 * The session holding a token hash, with its user and the user's revision (0 before their first
 * change): what every console request reads, as one prepared statement with only the columns it uses.
 */
export function prepareSessionLookup(db: Database) {
  const lookup = db
    .select({
      session: {
        id: sessions.id,
        revokedAt: sessions.revokedAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
      },
      user: { id: users.id, username: users.username, email: users.email, isAdmin: users.isAdmin },
      revision: sql<number>`coalesce(${userRevisions.revision}, 0)`.mapWith(Number),
      locale: users.locale,
    })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .leftJoin(userRevisions, eq(userRevisions.userId, users.id))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1);
  const statement = planOnce(db, 'meridian_session_by_token_hash', lookup);
  return async (tokenHash: string) => (await statement.execute({ tokenHash }))[0];
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

export async function findUserLocale(db: Database, userId: string) {
  const [row] = await db
    .select({ locale: users.locale })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.locale ?? null;
}

export async function updateUserLocale(db: Database, userId: string, locale: Locale) {
  await db.update(users).set({ locale }).where(eq(users.id, userId));
}

export async function updatePasswordHash(db: Database, userId: string, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** Revokes every live session of the user but one. */
export async function revokeOtherSessions(
  db: Database,
  userId: string,
  keptSessionId: string,
  revokedAt: Date,
) {
  await db
    .update(sessions)
    .set({ revokedAt })
    .where(
      and(eq(sessions.userId, userId), ne(sessions.id, keptSessionId), isNull(sessions.revokedAt)),
    );
}
