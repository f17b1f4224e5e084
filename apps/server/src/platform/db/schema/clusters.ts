// The clusters context's tables: datacenters, smart clusters, member clusters, placements, monitoring sign-ins.
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ClusterType } from '@meridian/domain/clusters/smart-cluster';
import type { FlavorKey } from '@meridian/domain/flavors';
import type { ClusterMode } from '@meridian/domain/limits';
import type { Status } from '@meridian/domain/status';
import type { PlacementDecision } from '@meridian/domain/clusters/placement-decision';
import { createdAt, belongsTo } from './columns';
import { ownerUserId } from './accounts';

/** Members being brought up (`to`) before those they replace (`from`) go; the decision it applies. */
export interface Replacement {
  from: string[];
  to: string[];
  decision: PlacementDecision;
}

/** Datacenters clusters run in (spec "Entities and their fields"); seeded at start, `driver` picks the infrastructure driver. */
export const datacenters = pgTable('datacenters', {
  uuid: text('uuid').primaryKey(),
  location: text('location').notNull(),
  country: text('country').notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  /** CAD per hour for one node of each size. */
  flavorPrices: jsonb('flavor_prices').$type<Partial<Record<FlavorKey, number>>>().notNull(),
  driver: text('driver').notNull().default('simulator'),
  position: integer('position').notNull().default(0),
});

/** Smart clusters (spec "Entities and their fields"): a group of member clusters, one per datacenter. */
export const smartClusters = pgTable(
  'smart_clusters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerUserId(),
    name: text('name').notNull(),
    mode: text('mode').$type<ClusterMode>().notNull(),
    status: text('status').$type<Status>().notNull(),
    statusReason: text('status_reason'),
    latency: doublePrecision('latency'),
    budget: doublePrecision('budget'),
    clusterSize: text('cluster_size').$type<FlavorKey>(),
    masterCount: integer('master_count').notNull().default(1),
    minionCount: integer('minion_count').notNull().default(1),
    /** Where its members are (for AUTOMATIC: the placement's choice among `candidates`). */
    datacenters: jsonb('datacenters').$type<string[]>().notNull(),
    candidates: jsonb('candidates').$type<string[]>(),
    placement: jsonb('placement').$type<PlacementDecision>(),
    /** A move in progress (make-before-break): settling waits for it to finish. */
    replacement: jsonb('replacement').$type<Replacement>(),
    description: text('description'),
    orderKey: integer('order_key').generatedAlwaysAsIdentity(),
    /** AES-256-GCM sealed (lib/secret-box); never stored in plain text. */
    monitoringPasswordSealed: text('monitoring_password_sealed'),
    defaultSharedForOrgUuid: uuid('default_shared_for_org_uuid'),
    /** The organisation owning it (then `user_id` is the organisation's account); null when personal. */
    organizationId: uuid('organization_id'),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('smart_clusters_user_idx').on(table.userId, table.orderKey),
    uniqueIndex('smart_clusters_org_default_idx')
      .on(table.defaultSharedForOrgUuid)
      .where(sql`${table.deleted} = false`),
  ],
);

/** Member clusters of smart clusters (spec "Entities and their fields"), one per datacenter. */
export const clusters = pgTable(
  'clusters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    smartClusterId: belongsTo('smart_cluster_id', () => smartClusters.id),
    userId: ownerUserId(),
    name: text('name').notNull(),
    clusterType: text('cluster_type').$type<ClusterType>().notNull(),
    datacenterUuid: text('datacenter_uuid')
      .notNull()
      .references(() => datacenters.uuid),
    status: text('status').$type<Status>().notNull(),
    statusReason: text('status_reason'),
    clusterSize: text('cluster_size').$type<FlavorKey>(),
    masterCount: integer('master_count').notNull().default(1),
    minionCount: integer('minion_count').notNull().default(1),
    masterAddresses: jsonb('master_addresses').$type<string[]>().notNull().default([]),
    nodeAddresses: jsonb('node_addresses').$type<string[]>().notNull().default([]),
    kubeVersion: text('kube_version'),
    monitoringPath: text('monitoring_path'),
    /** The kubeconfig, AES-256-GCM sealed (lib/secret-box). */
    kubeconfigSealed: text('kubeconfig_sealed'),
    /** When the running operation's simulated work is done; set once by its first job run. */
    operationDeadline: timestamp('operation_deadline', { withTimezone: true }),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('clusters_smart_cluster_idx').on(table.smartClusterId),
    index('clusters_user_idx').on(table.userId),
  ],
);

export type DatacenterRow = typeof datacenters.$inferSelect;

export type SmartClusterRow = typeof smartClusters.$inferSelect;

export type ClusterRow = typeof clusters.$inferSelect;

/** Every placement decision of an AUTOMATIC smart cluster (its details drawer's history). */
export const smartClusterPlacements = pgTable(
  'smart_cluster_placements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    smartClusterId: belongsTo('smart_cluster_id', () => smartClusters.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull(),
    decision: jsonb('decision').$type<PlacementDecision>().notNull(),
  },
  (table) => [index('smart_cluster_placements_idx').on(table.smartClusterId, table.decidedAt)],
);

/**
 * Sign-in links to a member cluster's monitoring page (0024): minted by the owner's console,
 * each opens the page once, within a minute, and is deleted by that first use.
 */
export const monitoringSignIns = pgTable('monitoring_sign_ins', {
  /** SHA-256 of the link's ticket, hex; the ticket itself is never stored. */
  ticketHash: text('ticket_hash').primaryKey(),
  clusterId: belongsTo('cluster_id', () => clusters.id),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});
