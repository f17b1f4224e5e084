import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clusters, createdAt } from './schema';

/**
 * Sign-in links to a member cluster's monitoring page (0024): minted by the owner's console,
 * each opens the page once, within a minute, and is deleted by that first use.
 */
export const monitoringSignIns = pgTable('monitoring_sign_ins', {
  /** SHA-256 of the link's ticket, hex; the ticket itself is never stored. */
  ticketHash: text('ticket_hash').primaryKey(),
  clusterId: uuid('cluster_id')
    .notNull()
    .references(() => clusters.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});
