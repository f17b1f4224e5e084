import { randomBytes } from 'node:crypto';
import { invitationLimits } from '@meridian/domain/auth/invitation';
import type { Database } from '../../platform/db/database';
import type { LoginThrottle } from '../../platform/login-throttle';
import type { Platform } from '../../platform/platform';
import { createRateLimiter, type RateLimiter } from '../../platform/rate-limiter';
import type { SecretBox } from '../../platform/secret-box';
import { prepareSessionLookup } from './auth/auth.queries';
import { hashPassword } from './auth/password';
import { defaultSessionPolicy, type SessionPolicy } from './auth/session-policy';

/** What the sign-in, API key, keypair, organisation, event and billing services share. */
export interface AccountContext {
  db: Database;
  /** The clock sessions, invitations and usage read; tests move it. */
  now: () => Date;
  /** Password guesses, counted across login and the keypair's private key. */
  loginThrottle: LoginThrottle;
  sessionPolicy: SessionPolicy;
  /** Seals the users' SSH private keys. */
  secrets: SecretBox;
  /** The invitations each inviter may send per hour. */
  invitationLimiter: RateLimiter;
  /** The session lookup every console request runs, prepared once. */
  findSessionByTokenHash: ReturnType<typeof prepareSessionLookup>;
  /**
   * An unknown username is checked against this hash, so it costs the same time as a wrong
   * password and the response timing does not tell which usernames exist.
   */
  dummyPasswordHash: Promise<string>;
  /**
   * What an account owns in the other contexts (e.g. "2 apps"), asked through their public
   * faces by the composition root; an organisation is deleted only when this is empty.
   */
  holdingsOf: (accountId: string) => Promise<string[]>;
}

export function createAccountContext(
  {
    database,
    now,
    loginThrottle,
    secrets,
  }: Pick<Platform, 'database' | 'now' | 'loginThrottle' | 'secrets'>,
  sessionPolicy: Partial<SessionPolicy> = {},
  holdingsOf: AccountContext['holdingsOf'] = async () => [],
): AccountContext {
  const db = database.db;
  return {
    db,
    now,
    loginThrottle,
    sessionPolicy: { ...defaultSessionPolicy, ...sessionPolicy },
    secrets,
    invitationLimiter: createRateLimiter(db, {
      name: 'invitations-per-inviter',
      points: invitationLimits.perInviterPerHour,
      windowMs: 3_600_000,
    }),
    findSessionByTokenHash: prepareSessionLookup(db),
    dummyPasswordHash: hashPassword(randomBytes(16).toString('base64url')),
    holdingsOf,
  };
}
