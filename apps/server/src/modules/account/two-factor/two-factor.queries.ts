import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import { userRecoveryCodes, userTwoFactor } from '../../../platform/db/schema/accounts';
import type { SealedColumn } from '../../../platform/secret-rotation';

export async function findTwoFactor(db: Database, userId: string) {
  const [row] = await db
    .select()
    .from(userTwoFactor)
    .where(eq(userTwoFactor.userId, userId))
    .limit(1);
  return row;
}

/** Starts (or restarts) a setup; answers false when two-factor authentication is already on. */
export async function upsertPendingSecret(
  db: Database,
  userId: string,
  secretSealed: string,
): Promise<boolean> {
  const rows = await db
    .insert(userTwoFactor)
    .values({ userId, secretSealed })
    .onConflictDoUpdate({
      target: userTwoFactor.userId,
      set: { secretSealed, lastUsedStep: null },
      setWhere: isNull(userTwoFactor.enabledAt),
    })
    .returning({ userId: userTwoFactor.userId });
  return rows.length > 0;
}

/**
 * Records that a code of `step` was accepted, only if no code of this step or a later one was:
 * the one atomic check that keeps a code from being accepted twice, across processes too.
 */
export async function claimStep(db: Database, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(userTwoFactor)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(userTwoFactor.userId, userId),
        or(isNull(userTwoFactor.lastUsedStep), lt(userTwoFactor.lastUsedStep, step)),
      ),
    )
    .returning({ userId: userTwoFactor.userId });
  return rows.length > 0;
}

export async function markEnabled(db: Database, userId: string, at: Date): Promise<void> {
  await db.update(userTwoFactor).set({ enabledAt: at }).where(eq(userTwoFactor.userId, userId));
}

export async function replaceRecoveryCodes(
  db: Database,
  userId: string,
  codeHashes: string[],
): Promise<void> {
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  await db.insert(userRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses the unused code with this hash; answers whether there was one (each works once). */
export async function useRecoveryCode(
  db: Database,
  userId: string,
  codeHash: string,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(userRecoveryCodes)
    .set({ usedAt: at })
    .where(
      and(
        eq(userRecoveryCodes.userId, userId),
        eq(userRecoveryCodes.codeHash, codeHash),
        isNull(userRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: userRecoveryCodes.id });
  return rows.length > 0;
}

export async function deleteTwoFactor(db: Database, userId: string): Promise<void> {
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  await db.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId));
}

/** Whether the user's login asks for a code. */
export async function isTwoFactorEnabled(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: userTwoFactor.userId })
    .from(userTwoFactor)
    .where(and(eq(userTwoFactor.userId, userId), isNotNull(userTwoFactor.enabledAt)))
    .limit(1);
  return row !== undefined;
}

export const twoFactorSealedColumns: SealedColumn[] = [
  {
    label: 'TOTP secrets',
    table: userTwoFactor,
    id: userTwoFactor.userId,
    sealed: userTwoFactor.secretSealed,
  },
];
