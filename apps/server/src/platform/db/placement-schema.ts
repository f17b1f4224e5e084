import type { PlacementDecision } from '@meridian/domain/clusters/placement-decision';
import { index, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { smartClusters } from './schema';

/** Every placement decision of an AUTOMATIC smart cluster (its details drawer's history). */
export const smartClusterPlacements = pgTable(
  'smart_cluster_placements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    smartClusterId: uuid('smart_cluster_id')
      .notNull()
      .references(() => smartClusters.id, { onDelete: 'cascade' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull(),
    decision: jsonb('decision').$type<PlacementDecision>().notNull(),
  },
  (table) => [index('smart_cluster_placements_idx').on(table.smartClusterId, table.decidedAt)],
);
