import { randomBytes } from 'node:crypto';
import { invitationLimits } from '@meridian/domain/auth/invitation';
import type { Database } from '../../platform/db/database';
import type { JobSender } from '../../platform/jobs/job-queue';
import type { PeriodicRound } from '../../platform/jobs/periodic-round';
import type { ResolveHost } from '../../platform/outbound-guard';
import type { LoginThrottle } from '../../platform/login-throttle';
import type { Platform } from '../../platform/platform';
import { createRateLimiter, type RateLimiter } from '../../platform/rate-limiter';
import type { SecretBox } from '../../platform/secret-box';
import { prepareSessionLookup } from './auth/auth.queries';
import { hashPassword } from './auth/password';
import { defaultSessionPolicy, type SessionPolicy } from './auth/session-policy';

/** One attempt to deliver one event to a notification channel (the delivery row's id). */
export interface DeliverNotificationJob {
  kind: 'deliver-notification';
  deliveryId: string;
}

/** The account context's jobs: deliveries, and the round that retries lost ones and checks budgets. */
export type AccountJob = DeliverNotificationJob | PeriodicRound<'alerts-round'>;

/** Alerts that leave Meridian: where webhooks may go, the SMTP server, retry timings. */
export interface AlertSettings {
  /** MERIDIAN_ALLOW_PRIVATE_OUTBOUND=1: webhooks may be private or loopback, and plain http. */
  allowPrivateOutbound: boolean;
  /** MERIDIAN_SMTP_URL; unset, e-mail channels are refused. */
  smtpUrl?: string;
  smtpFrom: string;
  /** The wait before attempt 2, 3, …; its length + 1 is the most attempts. */
  retryDelaysMs: readonly number[];
  /** How long one webhook or SMTP attempt may take. */
  requestTimeoutMs: number;
  /** How often lost deliveries are re-sent and budgets checked. */
  roundIntervalMs: number;
  /** Replaces the system resolver for webhook hosts (tests). */
  resolve?: ResolveHost;
}

export const defaultAlertSettings: AlertSettings = {
  allowPrivateOutbound: false,
  smtpFrom: 'Meridian <alerts@localhost>',
  // Attempts up to 6: 30 s, 2 min, 10 min, 1 h, 6 h apart.
  retryDelaysMs: [30_000, 120_000, 600_000, 3_600_000, 21_600_000],
  requestTimeoutMs: 10_000,
  roundIntervalMs: 60_000,
};

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
  /** The one job queue, for the account's own kinds. */
  jobs: JobSender<AccountJob>;
  alerts: AlertSettings;
}

export function createAccountContext(
  {
    database,
    now,
    loginThrottle,
    secrets,
    jobs,
  }: Pick<Platform, 'database' | 'now' | 'loginThrottle' | 'secrets' | 'jobs'>,
  sessionPolicy: Partial<SessionPolicy> = {},
  holdingsOf: AccountContext['holdingsOf'] = async () => [],
  alerts: Partial<AlertSettings> = {},
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
    jobs,
    alerts: { ...defaultAlertSettings, ...alerts },
  };
}
