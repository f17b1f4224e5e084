import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The credentials the simulated cloud issued for each member cluster it runs
 * (docs/simulated-kubernetes.md): a cluster's API answers only while its row is here, and only
 * the token of its current serial. Deleting the row ends the cluster's objects with it.
 */
export const simulatedKubeCredentials = pgTable('simulated_kube_credentials', {
  clusterId: text('cluster_id').primaryKey(),
  /** Mixed into the cluster's token: a new one ends every kubeconfig handed out before. */
  serial: text('serial').notNull(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The objects of the simulated member clusters' Kubernetes APIs (docs/simulated-kubernetes.md),
 * as a real cluster keeps them in etcd: they outlive a restart of Meridian, not their cluster.
 */
export const simulatedKubeObjects = pgTable(
  'simulated_kube_objects',
  {
    clusterId: text('cluster_id')
      .notNull()
      .references(() => simulatedKubeCredentials.clusterId, { onDelete: 'cascade' }),
    /** `group/resource/namespace/name`. */
    objectKey: text('object_key').notNull(),
    object: jsonb('object').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.clusterId, table.objectKey] })],
);
