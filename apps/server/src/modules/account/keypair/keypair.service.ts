import { generateKeyPairSync } from 'node:crypto';
import { keypairNameOf, type KeypairVerificationInput } from '@meridian/domain/auth/keypair';
import { RateLimitedError, UnauthorizedError } from '../../../platform/http/errors';
import type { AuthenticatedUser } from '../../../platform/http/authenticate';
import { invalidCredentialsMessage } from '../auth/auth.service';
import { findUserKeypair, insertUserKeypairIfAbsent } from './keypair.queries';
import { openSshKeypair, type OpenSshKeypair } from './openssh-key';
import { findUserById } from '../auth/auth.queries';
import { verify } from '@node-rs/argon2';
import type { UserKeypairRow } from '../../../platform/db/schema/accounts';
import type { AccountContext } from '../account-context';

/** A fresh ed25519 keypair in OpenSSH encodings, the name as the key's comment. */
export function generateOpenSshKeypair(comment: string): OpenSshKeypair {
  return openSshKeypair(generateKeyPairSync('ed25519').privateKey, comment);
}

/**
 * The user's keypair, made on first use. Two first requests at once both generate a key, but
 * only the first insert lands and both answer the stored one.
 */
export async function ensureUserKeypair(
  { db, secrets }: Pick<AccountContext, 'db' | 'secrets'>,
  userId: string,
): Promise<UserKeypairRow> {
  const existing = await findUserKeypair(db, userId);
  if (existing) return existing;
  const keyName = keypairNameOf(userId);
  const generated = generateOpenSshKeypair(keyName);
  await insertUserKeypairIfAbsent(db, {
    userId,
    keyName,
    publicKey: generated.publicKey,
    privateKeySealed: secrets.seal(generated.privateKey),
  });
  const stored = await findUserKeypair(db, userId);
  if (!stored) throw new Error('keypair vanished after insert');
  return stored;
}

export async function getPublicKey(
  context: Pick<AccountContext, 'db' | 'secrets'>,
  userId: string,
): Promise<{ public_key: string }> {
  const keypair = await ensureUserKeypair(context, userId);
  return { public_key: keypair.publicKey };
}

/**
 * The private key, only to the signed-in user re-entering their own username and password.
 * Guesses share the login throttle's counters, so this route is no side door for guessing
 * the password of a session left open.
 */
export async function revealPrivateKey(
  context: Pick<AccountContext, 'db' | 'secrets' | 'loginThrottle'>,
  caller: AuthenticatedUser,
  { username, password }: KeypairVerificationInput,
  ip: string,
): Promise<{ private_key: string }> {
  const { loginThrottle } = context;
  const decision = await loginThrottle.attempt(caller.username, ip);
  if (!decision.allowed) {
    throw new RateLimitedError(Math.ceil(decision.retryAfterMs / 1000));
  }
  const user = await findUserById(context.db, caller.id);
  if (!user) throw new UnauthorizedError(invalidCredentialsMessage);
  // The password is checked even when the username is someone else's, so both refusals
  // take the same time.
  const passwordMatches = await verify(user.passwordHash, password);
  const usernameMatches = username.toLowerCase() === user.username.toLowerCase();
  if (!passwordMatches || !usernameMatches) {
    throw new UnauthorizedError(invalidCredentialsMessage);
  }
  await loginThrottle.recordSuccess(caller.username, ip);
  const keypair = await ensureUserKeypair(context, caller.id);
  return { private_key: context.secrets.open(keypair.privateKeySealed) };
}
