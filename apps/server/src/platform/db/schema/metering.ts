// What running things cost and served: usage periods (billing), traffic and deployment metrics (intelligence).
import {
  bigint,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { belongsTo } from './columns';
import type { FlavorKey } from '@meridian/domain/flavors';
import { ownerUserId } from './accounts';
import { smartClusters } from './clusters';

/* What running things cost and served: billing's usage periods, intelligence's traffic hours and origins. */

/**
 * Metering: one row per period a billable resource runs (a member cluster's nodes, a Heat
 * stack), opened when it starts running and closed when it stops or goes. Billing reads uptime
 * from here, so deleted resources keep their history.
 */
export const usagePeriods = pgTable(
  'usage_periods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerUserId(),
    /** The member cluster's or the deployment's id (no foreign key: the resource may be gone). */
    resourceId: uuid('resource_id').notNull(),
    resourceType: text('resource_type').$type<'cluster' | 'stack'>().notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** The datacenter's location, e.g. Montréal. */
    projectRegion: text('project_region').notNull(),
    datacenterUuid: text('datacenter_uuid').notNull(),
    flavor: text('flavor').$type<FlavorKey>().notNull(),
    /** Nodes billed (masters + minions; 1 for a stack). */
    quantity: integer('quantity').notNull(),
    /** CAD per node-hour at the time it started. */
    rate: doublePrecision('rate').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    index('usage_periods_user_idx').on(table.userId, table.startedAt),
    index('usage_periods_resource_idx').on(table.resourceId),
  ],
);

/**
 * Traffic reaching deployments, per deployment and UTC hour: the one source of every traffic
 * figure (the header, the map, the rollout order, the same samples as the deployment metrics).
 * A sample counts in the hour its window ended in; the simulator adds to it for each successful
 * deployment, a real driver would report the same.
 */
export const trafficHours = pgTable(
  'traffic_hours',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerUserId(),
    /** No foreign key: traffic history outlives the deployment. */
    deploymentId: uuid('deployment_id').notNull(),
    datacenterUuid: text('datacenter_uuid').notNull(),
    /** The start of the UTC hour. */
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    requests: bigint('requests', { mode: 'number' }).notNull().default(0),
    /** Users seen in the hour's samples (an estimate, as real analytics give). */
    users: integer('users').notNull().default(0),
    /** The seconds its samples covered: the hour's rate is requests over these. */
    sampledSeconds: doublePrecision('sampled_seconds').notNull().default(0),
    /** Where its last sample ended: the next one continues from there. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('traffic_hours_deployment_hour_idx').on(table.deploymentId, table.hour),
    index('traffic_hours_user_hour_idx').on(table.userId, table.hour),
  ],
);

/**
 * Where a smart cluster's requests came from, per hour and place (as drivers report them): the
 * observed demand AUTOMATIC smart clusters are re-placed on (architecture "Placement").
 */
export const trafficOrigins = pgTable(
  'traffic_origins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerUserId(),
    smartClusterId: belongsTo('smart_cluster_id', () => smartClusters.id),
    /** The start of the UTC hour the requests were counted in. */
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    /** The datacenter that served them: its load, for scaling its minions. */
    datacenterUuid: text('datacenter_uuid').notNull(),
    name: text('name').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    requests: bigint('requests', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    uniqueIndex('traffic_origins_place_idx').on(
      table.smartClusterId,
      table.hour,
      table.datacenterUuid,
      table.name,
      table.latitude,
      table.longitude,
    ),
  ],
);

export type UsagePeriodRow = typeof usagePeriods.$inferSelect;

export type TrafficHourRow = typeof trafficHours.$inferSelect;

/**
 * What a deployment served and used over one sampling window (issue 15's metrics), kept for
 * a retention; the version is kept so a rollout can compare a new version with the old.
 */
export const deploymentMetrics = pgTable(
  'deployment_metrics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerUserId(),
    /** No foreign key: the figures outlive the deployment until the retention drops them. */
    deploymentId: uuid('deployment_id').notNull(),
    versionId: uuid('version_id').notNull(),
    datacenterUuid: text('datacenter_uuid').notNull(),
    /** The window's end; it began `windowSeconds` earlier. */
    at: timestamp('at', { withTimezone: true }).notNull(),
    windowSeconds: doublePrecision('window_seconds').notNull(),
    requests: bigint('requests', { mode: 'number' }).notNull(),
    errors: bigint('errors', { mode: 'number' }).notNull(),
    latencyP95Ms: doublePrecision('latency_p95_ms'),
    cpuMillicores: doublePrecision('cpu_millicores'),
    memoryBytes: bigint('memory_bytes', { mode: 'number' }),
    /** The pods its Deployments ran at the window's end (an autoscaler moves it); null: unknown. */
    replicas: integer('replicas'),
  },
  (table) => [
    index('deployment_metrics_deployment_idx').on(table.deploymentId, table.at),
    index('deployment_metrics_at_idx').on(table.at),
  ],
);

export type DeploymentMetricRow = typeof deploymentMetrics.$inferSelect;
