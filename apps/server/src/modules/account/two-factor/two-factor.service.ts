import { createHash } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import type { RecoveryCodes, TwoFactorSetup } from '@meridian/domain/auth/account-security';
import type { AuthenticatedUser } from '../../../platform/http/authenticate';
import { BadRequestError, ConflictError, RateLimitedError } from '../../../platform/http/errors';
import { findUserById } from '../auth/auth.queries';
import type { AccountContext } from '../account-context';
import {
  claimStep,
  deleteTwoFactor,
  findTwoFactor,
  isTwoFactorEnabled,
  markEnabled,
  replaceRecoveryCodes,
  upsertPendingSecret,
  useRecoveryCode,
} from './two-factor.queries';
import { matchingStep, newTotpSecret, otpauthUrl, randomBase32 } from './totp';

type TwoFactorContext = Pick<AccountContext, 'db' | 'now' | 'secrets' | 'loginThrottle'>;

export const alreadyOnMessage =
  'Two-factor authentication is already on; turn it off before setting it up again';
export const invalidCodeMessage =
  'This code is not valid: enter the code your authenticator app shows now, or an unused recovery code';
const recoveryCodeCount = 10;

export async function twoFactorEnabled(context: Pick<AccountContext, 'db'>, userId: string) {
  return { enabled: await isTwoFactorEnabled(context.db, userId) };
}

/** A new secret for the user's authenticator app; login asks for codes once a first one is entered. */
export async function setUpTwoFactor(
  context: TwoFactorContext,
  user: AuthenticatedUser,
): Promise<TwoFactorSetup> {
  const secret = newTotpSecret();
  if (!(await upsertPendingSecret(context.db, user.id, context.secrets.seal(secret)))) {
    throw new ConflictError(alreadyOnMessage);
  }
  return { secret, otpauth_url: otpauthUrl('Meridian', user.username, secret) };
}

/** Turns two-factor authentication on with a first code; answers the recovery codes, once. */
export async function enableTwoFactor(
  context: TwoFactorContext,
  user: AuthenticatedUser,
  code: string,
  ip: string,
): Promise<RecoveryCodes> {
  await countGuess(context, user.username, ip);
  const row = await findTwoFactor(context.db, user.id);
  if (!row) throw new BadRequestError('Set up your authenticator app first');
  if (row.enabledAt) throw new ConflictError(alreadyOnMessage);
  const step = matchingStep(context.secrets.open(row.secretSealed), code, context.now());
  if (step === undefined || !(await claimStep(context.db, user.id, step))) {
    throw new BadRequestError(invalidCodeMessage);
  }
  const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
  await context.db.transaction(async (tx) => {
    await markEnabled(tx, user.id, context.now());
    await replaceRecoveryCodes(tx, user.id, codes.map(hashRecoveryCode));
  });
  await context.loginThrottle.recordSuccess(user.username, ip);
  return { recovery_codes: codes };
}

/** Turns it off: the password and a code (or a recovery code) prove it is the owner. */
export async function disableTwoFactor(
  context: TwoFactorContext,
  user: AuthenticatedUser,
  { password, code }: { password: string; code: string },
  ip: string,
): Promise<void> {
  await countGuess(context, user.username, ip);
  const row = await findUserById(context.db, user.id);
  if (!row || !(await verify(row.passwordHash, password))) {
    throw new BadRequestError('The password is not correct');
  }
  if (!(await isTwoFactorEnabled(context.db, user.id))) {
    throw new BadRequestError('Two-factor authentication is not on');
  }
  if (!(await acceptSecondFactor(context, user.id, code))) {
    throw new BadRequestError(invalidCodeMessage);
  }
  await deleteTwoFactor(context.db, user.id);
  await context.loginThrottle.recordSuccess(user.username, ip);
}

/**
 * Whether `code` is the user's current TOTP code not used before, or an unused recovery code
 * (used up by this call). Only for a user whose two-factor authentication is on.
 */
export async function acceptSecondFactor(
  context: Pick<AccountContext, 'db' | 'now' | 'secrets'>,
  userId: string,
  code: string,
): Promise<boolean> {
  const row = await findTwoFactor(context.db, userId);
  if (!row?.enabledAt) return false;
  const typed = code.replace(/[\s-]/g, '');
  if (/^\d{6}$/.test(typed)) {
    const step = matchingStep(context.secrets.open(row.secretSealed), typed, context.now());
    return step !== undefined && claimStep(context.db, userId, step);
  }
  return useRecoveryCode(context.db, userId, hashRecoveryCode(typed), context.now());
}

// A code guessed is a password guessed: the same count, so six digits cannot be walked through.
async function countGuess(context: TwoFactorContext, username: string, ip: string) {
  const decision = await context.loginThrottle.attempt(username, ip);
  if (!decision.allowed) throw new RateLimitedError(Math.ceil(decision.retryAfterMs / 1000));
}

/** 12 base32 characters (60 random bits), shown as xxxx-xxxx-xxxx. */
function newRecoveryCode(): string {
  const text = randomBase32(12).toLowerCase();
  return `${text.slice(0, 4)}-${text.slice(4, 8)}-${text.slice(8)}`;
}

function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');
}
