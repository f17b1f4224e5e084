import { userAdminMessages, type AdminUser } from '@meridian/domain/auth/user-admin';
import type { ListPageQuery } from '@meridian/domain/list-page';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { announceChange } from '../../../platform/changes/change-feed';
import type { AuthenticatedUser } from '../../../platform/http/authenticate';
import { ForbiddenError, NotFoundError, ValidationError } from '../../../platform/http/errors';
import { sessions, users, type UserRow } from '../../../platform/db/schema/accounts';
import type { Database } from '../../../platform/db/database';
import { toUser } from '../auth/auth.service';
import { commonPasswordMessage, hashPassword, isCommonPassword } from '../auth/password';
import type { AccountContext } from '../account-context';

/** The installation admin's view of the accounts of people (organisations' accounts are not). */
export async function listUsers(
  context: Pick<AccountContext, 'db'>,
  actor: AuthenticatedUser,
  { limit, offset }: ListPageQuery,
): Promise<{ items: AdminUser[]; total: number }> {
  requireInstallationAdmin(actor);
  const people = eq(users.kind, 'person');
  const rows = await context.db
    .select()
    .from(users)
    .where(people)
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(limit)
    .offset(offset);
  const [total] = await context.db.select({ value: count() }).from(users).where(people);
  return { items: rows.map(toAdminUser), total: total?.value ?? 0 };
}

/** Disables (its sessions end, its sockets are cut, its API keys are refused) or enables one. */
export async function setUserDisabled(
  context: Pick<AccountContext, 'db' | 'now'>,
  actor: AuthenticatedUser,
  userId: string,
  disabled: boolean,
): Promise<AdminUser> {
  requireInstallationAdmin(actor);
  if (disabled && userId === actor.id) throw new ValidationError([userAdminMessages.notYourself]);
  const at = context.now();
  const row = await context.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ disabledAt: disabled ? at : null })
      .where(and(eq(users.id, userId), eq(users.kind, 'person')))
      .returning();
    if (!updated) throw new NotFoundError(userAdminMessages.notFound);
    if (disabled) await endSessions(tx, userId, at);
    return updated;
  });
  return toAdminUser(row);
}

/** The admin sets a new password; every session of the user ends (they sign in with it). */
export async function resetPassword(
  context: Pick<AccountContext, 'db' | 'now'>,
  actor: AuthenticatedUser,
  userId: string,
  password: string,
): Promise<AdminUser> {
  requireInstallationAdmin(actor);
  if (await isCommonPassword(password)) throw new ValidationError([commonPasswordMessage]);
  const passwordHash = await hashPassword(password);
  const row = await context.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, userId), eq(users.kind, 'person')))
      .returning();
    if (!updated) throw new NotFoundError(userAdminMessages.notFound);
    await endSessions(tx, userId, context.now());
    return updated;
  });
  return toAdminUser(row);
}

/** Revokes the user's live sessions; the live channel cuts their sockets on the change. */
async function endSessions(tx: Database, userId: string, at: Date): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  await announceChange(tx, { topic: 'session', userId });
}

function requireInstallationAdmin(actor: AuthenticatedUser): void {
  if (!actor.isAdmin) throw new ForbiddenError(userAdminMessages.adminOnly);
}

function toAdminUser(row: UserRow): AdminUser {
  return { ...toUser(row), disabled: row.disabledAt !== null };
}
