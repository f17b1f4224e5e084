import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Counters of rate limits and login throttling, shared by every server process on the database
 * (rate-limiter-flexible's Drizzle store: its column names and meaning). `key` is a hash, so a
 * row never holds a username or an address.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  /** When the count starts over; null never. */
  expire: timestamp('expire', { withTimezone: true, mode: 'date' }),
});
