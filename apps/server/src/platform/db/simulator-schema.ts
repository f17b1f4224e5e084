import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The objects of the simulated member clusters' Kubernetes APIs (docs/simulated-kubernetes.md),
 * as a real cluster keeps them in etcd: they outlive a restart of Meridian.
 */
export const simulatedKubeObjects = pgTable(
  'simulated_kube_objects',
  {
    clusterId: text('cluster_id').notNull(),
    /** `group/resource/namespace/name`. */
    objectKey: text('object_key').notNull(),
    object: jsonb('object').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.clusterId, table.objectKey] })],
);
