import { createHash } from 'node:crypto';
import { lt } from 'drizzle-orm';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { Database } from './db/database';
import { rateLimits } from './db/schema/platform';

/**
 * Rate limits whose counts live in the database (table `rate_limits`), so every server process
 * on it sees one count and a restart forgets nothing (docs/architecture.md "Rate limits").
 */
export type RateLimiter = RateLimiterDrizzle;

export interface RateLimit {
  /** Names the limit; counts of different limits never mix. */
  name: string;
  /** How many points a key may consume per window. */
  points: number;
  /** The window: a count starts over this long after its first point. */
  windowMs: number;
}

export function createRateLimiter(
  db: Database,
  { name, points, windowMs }: RateLimit,
): RateLimiter {
  return new RateLimiterDrizzle({
    storeClient: db,
    schema: rateLimits,
    keyPrefix: name,
    points,
    duration: windowMs / 1000,
    // Expired rows go in sweepExpiredLimits, on our schedule: the library's timer would outlive
    // a closed database.
    clearExpiredByTimeout: false,
  });
}

/** A key of bounded length that shows nothing of its parts (usernames, addresses). */
export function limitKey(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\n')).digest('base64url');
}

export type LimitDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * Takes `points` from the key's allowance: allowed while it lasts, else how long until the
 * window starts over. A database failure is thrown, never taken for a refusal.
 */
export async function consumePoints(
  limiter: RateLimiter,
  key: string,
  points = 1,
  options: { customDuration?: number } = {},
): Promise<{ decision: LimitDecision; consumed: number }> {
  try {
    const result = await limiter.consume(key, points, options);
    return { decision: { allowed: true }, consumed: result.consumedPoints };
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    return {
      decision: { allowed: false, retryAfterMs: Math.max(1, error.msBeforeNext) },
      consumed: error.consumedPoints,
    };
  }
}

/** Deletes counts that ended over an hour ago; a live count is never touched. */
export async function sweepExpiredLimits(db: Database, now: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.expire, new Date(now.getTime() - 3_600_000)));
}
