import ipaddr from 'ipaddr.js';
import type { Database } from './db/database';
import {
  consumePoints,
  createRateLimiter,
  limitKey,
  sweepExpiredLimits,
  type LimitDecision,
  type RateLimiter,
} from './rate-limiter';

/**
 * Slows down password guessing without ever locking the owner out (docs/architecture.md
 * "Rate limits"): failed logins are counted per (username, address); past a few, each further
 * try from that address for that username waits, the wait doubling and capped at a minute. No
 * count spans addresses, so guesses from elsewhere never keep the owner out; a per-address
 * limit bounds how fast one address can guess at all usernames together. An "address" is the
 * client's: an IPv4 address, or an IPv6 /64 (`clientOf`). The counts live in the database, so
 * they hold across server processes and restarts.
 */
export interface LoginThrottleLimits {
  /** Password checks one address may make per window, whatever the usernames. */
  perAddress: number;
  perAddressWindowMs: number;
  /** Failures for one username from one address before any wait. */
  freeFailures: number;
  /** The wait after the first failure past the free ones; each further failure doubles it. */
  firstDelayMs: number;
  /** The longest wait. */
  maxDelayMs: number;
  /** Counts start over once no attempt has been let through for this long. */
  forgetAfterMs: number;
}

export const defaultLoginThrottleLimits: LoginThrottleLimits = {
  perAddress: 30,
  perAddressWindowMs: 60_000,
  freeFailures: 3,
  firstDelayMs: 1000,
  maxDelayMs: 60_000,
  forgetAfterMs: 15 * 60_000,
};

export type ThrottleDecision = LimitDecision;

const sweepEveryMs = 10 * 60_000;

export class LoginThrottle {
  private readonly perAddress: RateLimiter;
  /** Attempts that need no wait (the free failures). */
  private readonly free: RateLimiter;
  /** The wait in force: one attempt per wait gets through, however many race for it. */
  private readonly wait: RateLimiter;
  /** Attempts let through past the free ones, which set the length of the next wait. */
  private readonly waited: RateLimiter;
  private nextSweepAt = 0;

  constructor(
    private readonly db: Database,
    private readonly limits: LoginThrottleLimits = defaultLoginThrottleLimits,
  ) {
    this.perAddress = createRateLimiter(db, {
      name: 'password-checks-per-address',
      points: limits.perAddress,
      windowMs: limits.perAddressWindowMs,
    });
    const perPair = { points: limits.freeFailures, windowMs: limits.forgetAfterMs };
    this.free = createRateLimiter(db, { name: 'login-free', ...perPair });
    this.wait = createRateLimiter(db, { name: 'login-wait', points: 1, windowMs: 1000 });
    this.waited = createRateLimiter(db, { name: 'login-waited', ...perPair });
  }

  /**
   * Whether a login attempt for `username` from `address` may go on to check the password. An
   * allowed attempt counts as a failure straight away, so a burst of parallel guesses cannot
   * all pass before the first one fails; `recordSuccess` takes it back.
   */
  async attempt(username: string, address: string): Promise<ThrottleDecision> {
    await this.sweepNow();
    const fromAddress = await consumePoints(this.perAddress, limitKey(clientOf(address)));
    if (!fromAddress.decision.allowed) return fromAddress.decision;
    const key = pairKey(username, address);
    if ((await consumePoints(this.free, key)).decision.allowed) return { allowed: true };

    const inForce = await this.wait.get(key);
    if (inForce && inForce.msBeforeNext > 0) {
      return { allowed: false, retryAfterMs: inForce.msBeforeNext };
    }
    const waitedBefore = (await this.waited.get(key))?.consumedPoints ?? 0;
    // Whoever creates the next wait goes through; the rest of a burst meet that wait.
    const gate = await consumePoints(this.wait, key, 1, {
      customDuration: this.delayAfter(waitedBefore + 1) / 1000,
    });
    if (gate.decision.allowed) {
      // Each attempt let through restarts the forgetting window: counts start over only after
      // a quiet spell, never in the middle of a run of guesses.
      const forgetAfter = this.limits.forgetAfterMs / 1000;
      await Promise.all([
        this.waited.set(key, waitedBefore + 1, forgetAfter),
        this.free.set(key, this.limits.freeFailures, forgetAfter),
      ]);
    }
    return gate.decision;
  }

  /** Clears this address's failures for the user. */
  async recordSuccess(username: string, address: string): Promise<void> {
    const key = pairKey(username, address);
    await Promise.all([this.free.delete(key), this.wait.delete(key), this.waited.delete(key)]);
  }

  /**
   * A success that also gives the address its check back: for a password as cheap to check as
   * a page that re-sends it every few seconds (monitoring), so watching never uses up logins.
   */
  async recordRepeatedSuccess(username: string, address: string): Promise<void> {
    await Promise.all([
      this.recordSuccess(username, address),
      this.perAddress.reward(limitKey(clientOf(address)), 1),
    ]);
  }

  /** The wait before the n-th attempt past the free ones: doubling up to the cap. */
  private delayAfter(n: number): number {
    const { firstDelayMs, maxDelayMs } = this.limits;
    return Math.min(maxDelayMs, firstDelayMs * 2 ** Math.min(30, n - 1));
  }

  // Guesses spread over many usernames leave rows behind; a process clears ended ones now and then.
  private async sweepNow(): Promise<void> {
    const now = Date.now();
    if (now < this.nextSweepAt) return;
    this.nextSweepAt = now + sweepEveryMs;
    await sweepExpiredLimits(this.db, new Date(now));
  }
}

// Usernames are unique regardless of case, so "Admin" and "admin" share one count.
function pairKey(username: string, address: string): string {
  return limitKey(username.toLowerCase(), clientOf(address));
}

/**
 * The client an address counts as: an IPv4 address itself (also when IPv4-mapped), an IPv6
 * address by its /64, the block one subscriber gets, so rotating inside it changes nothing.
 */
function clientOf(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const prefix = parsed.toByteArray().slice(0, 8);
  return `${ipaddr.fromByteArray([...prefix, 0, 0, 0, 0, 0, 0, 0, 0]).toString()}/64`;
}
