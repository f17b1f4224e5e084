/**
 * Slows down password guessing without letting an attacker lock the owner out.
 *
 * Failed logins are counted per (username, IP) and per username across all IPs. An IP that
 * recently logged in successfully as a user is exempt from that user's all-IP limit, so
 * failures from elsewhere cannot keep the owner out; the (username, IP) limit still applies
 * to it.
 *
 * The counters live in this process's memory: a restart forgets them, and several server
 * processes behind one address would each count separately — a multi-process deployment
 * needs a shared store (e.g. a table in the same database) behind the same methods.
 */
export interface LoginThrottleLimits {
  /** Failures allowed for one username from one IP within `windowMs`. */
  maxFailuresPerUserAndIp: number;
  /** Failures allowed for one username from all IPs together within `windowMs`. */
  maxFailuresPerUser: number;
  windowMs: number;
  /** How long an IP stays trusted for a user after a successful login. */
  trustedIpMs: number;
}

export const defaultLoginThrottleLimits: LoginThrottleLimits = {
  maxFailuresPerUserAndIp: 5,
  maxFailuresPerUser: 50,
  windowMs: 15 * 60_000,
  trustedIpMs: 30 * 24 * 60 * 60_000,
};

interface FailureCount {
  count: number;
  resetAt: number;
}

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

export class LoginThrottle {
  private readonly failuresByUserAndIp = new Map<string, FailureCount>();
  private readonly failuresByUser = new Map<string, FailureCount>();
  private readonly trustedUntil = new Map<string, number>();
  private nextSweepAt: number;

  constructor(
    private readonly limits: LoginThrottleLimits = defaultLoginThrottleLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.nextSweepAt = now() + limits.windowMs;
  }

  /**
   * Whether a login attempt for `username` from `ip` may go on to check the password. An
   * allowed attempt counts as a failure straight away, so a burst of parallel guesses cannot
   * all pass before the first one fails; `recordSuccess` takes it back.
   */
  attempt(username: string, ip: string): ThrottleDecision {
    const now = this.now();
    const user = userKey(username);
    const key = pairKey(user, ip);
    const pair = this.active(this.failuresByUserAndIp, key, now);
    if (pair && pair.count >= this.limits.maxFailuresPerUserAndIp) {
      return { allowed: false, retryAfterMs: pair.resetAt - now };
    }
    const all = this.active(this.failuresByUser, user, now);
    if (all && all.count >= this.limits.maxFailuresPerUser && !this.isTrusted(key, now)) {
      return { allowed: false, retryAfterMs: all.resetAt - now };
    }
    this.increment(this.failuresByUserAndIp, key, now);
    this.increment(this.failuresByUser, user, now);
    this.sweep(now);
    return { allowed: true };
  }

  /** Clears this IP's failures for the user and trusts the IP for that user for a while. */
  recordSuccess(username: string, ip: string): void {
    const now = this.now();
    const user = userKey(username);
    const key = pairKey(user, ip);
    this.failuresByUserAndIp.delete(key);
    const all = this.active(this.failuresByUser, user, now);
    if (all && all.count > 0) all.count -= 1;
    this.trustedUntil.set(key, now + this.limits.trustedIpMs);
  }

  /** How many counters and trusted IPs are held, to watch memory use. */
  get size(): number {
    return this.failuresByUserAndIp.size + this.failuresByUser.size + this.trustedUntil.size;
  }

  private isTrusted(key: string, now: number): boolean {
    return (this.trustedUntil.get(key) ?? 0) > now;
  }

  private active(counts: Map<string, FailureCount>, key: string, now: number) {
    const entry = counts.get(key);
    return entry && entry.resetAt > now ? entry : undefined;
  }

  private increment(counts: Map<string, FailureCount>, key: string, now: number): void {
    const entry = this.active(counts, key, now);
    if (entry) entry.count += 1;
    else counts.set(key, { count: 1, resetAt: now + this.limits.windowMs });
  }

  // Guesses spread over many usernames would otherwise grow the maps without bound.
  private sweep(now: number): void {
    if (now < this.nextSweepAt) return;
    this.nextSweepAt = now + this.limits.windowMs;
    for (const counts of [this.failuresByUserAndIp, this.failuresByUser]) {
      for (const [key, entry] of counts) if (entry.resetAt <= now) counts.delete(key);
    }
    for (const [key, until] of this.trustedUntil) if (until <= now) this.trustedUntil.delete(key);
  }
}

// Usernames are unique regardless of case, so "Admin" and "admin" share one counter.
function userKey(username: string): string {
  return username.toLowerCase();
}

function pairKey(user: string, ip: string): string {
  return `${user}\n${ip}`;
}
