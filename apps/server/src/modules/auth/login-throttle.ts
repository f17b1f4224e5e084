/**
 * Slows down password guessing without ever locking the owner out (issue "What a new user trips
 * over"): failed logins are counted per (username, IP); after a few, each further try from that
 * IP for that username waits, the wait doubling with every failure and capped at a minute. No
 * count spans IPs, so failures from elsewhere never keep the owner out; the route's per-IP rate
 * limit bounds how fast any one address can guess at all usernames together.
 *
 * The counters live in this process's memory: a restart forgets them, and several server
 * processes behind one address would each count separately — a multi-process deployment
 * needs a shared store (e.g. a table in the same database) behind the same methods.
 */
export interface LoginThrottleLimits {
  /** Failures for one username from one IP before any wait. */
  freeFailures: number;
  /** The wait after the first failure past the free ones; each further failure doubles it. */
  firstDelayMs: number;
  /** The longest wait. */
  maxDelayMs: number;
  /** A count not added to for this long starts over. */
  forgetAfterMs: number;
}

export const defaultLoginThrottleLimits: LoginThrottleLimits = {
  freeFailures: 3,
  firstDelayMs: 1000,
  maxDelayMs: 60_000,
  forgetAfterMs: 15 * 60_000,
};

interface Failures {
  count: number;
  lastAt: number;
  /** No attempt before this. */
  waitUntil: number;
}

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

export class LoginThrottle {
  private readonly failures = new Map<string, Failures>();
  private nextSweepAt: number;

  constructor(
    private readonly limits: LoginThrottleLimits = defaultLoginThrottleLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.nextSweepAt = now() + limits.forgetAfterMs;
  }

  /**
   * Whether a login attempt for `username` from `ip` may go on to check the password. An
   * allowed attempt counts as a failure straight away, so a burst of parallel guesses cannot
   * all pass before the first one fails; `recordSuccess` takes it back.
   */
  attempt(username: string, ip: string): ThrottleDecision {
    const now = this.now();
    const key = pairKey(username, ip);
    const known = this.failures.get(key);
    const current = known && now - known.lastAt < this.limits.forgetAfterMs ? known : undefined;
    if (current && current.waitUntil > now) {
      return { allowed: false, retryAfterMs: current.waitUntil - now };
    }
    const count = (current?.count ?? 0) + 1;
    this.failures.set(key, { count, lastAt: now, waitUntil: now + this.delayAfter(count) });
    this.sweep(now);
    return { allowed: true };
  }

  /** Clears this IP's failures for the user. */
  recordSuccess(username: string, ip: string): void {
    this.failures.delete(pairKey(username, ip));
  }

  /** How many counters are held, to watch memory use. */
  get size(): number {
    return this.failures.size;
  }

  /** The wait after `count` failures: none for the free ones, then doubling up to the cap. */
  private delayAfter(count: number): number {
    const { freeFailures, firstDelayMs, maxDelayMs } = this.limits;
    if (count <= freeFailures) return 0;
    return Math.min(maxDelayMs, firstDelayMs * 2 ** Math.min(30, count - freeFailures - 1));
  }

  // Guesses spread over many usernames would otherwise grow the map without bound.
  private sweep(now: number): void {
    if (now < this.nextSweepAt) return;
    this.nextSweepAt = now + this.limits.forgetAfterMs;
    for (const [key, entry] of this.failures) {
      if (now - entry.lastAt >= this.limits.forgetAfterMs) this.failures.delete(key);
    }
  }
}

// Usernames are unique regardless of case, so "Admin" and "admin" share one counter.
function pairKey(username: string, ip: string): string {
  return `${username.toLowerCase()}\n${ip}`;
}
