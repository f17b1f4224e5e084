import {
  bigint,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { apps, createdAt, smartClusters, users } from './schema';

/* An app's life after it is deployed (docs/deployment-lifecycle.md): history, progressive rollouts, metrics. */

/** What changed an app: a version created, deployed, updated, rolled back, removed. */
export type HistoryAction =
  | 'version_created'
  | 'deployed'
  | 'updated'
  | 'image_updated'
  | 'rolled_back'
  | 'version_changed'
  | 'removed';

/** Who made a change: a signed-in user, an API key (by its name), a CI/CD call, or Meridian itself. */
export type HistoryActorKind = 'user' | 'api_key' | 'ci' | 'meridian';

export type HistoryOutcome = 'pending' | 'success' | 'failure' | 'halted' | 'aborted';

/** One change to an app, newest read first; its locations say how it ended where it ran. */
export const appHistory = pgTable(
  'app_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    action: text('action').$type<HistoryAction>().notNull(),
    /** The version the change put in place (no foreign key: the entry outlives a deleted version). */
    versionId: uuid('version_id'),
    versionName: text('version_name'),
    /** The version it replaced, for a rollback or a version change. */
    fromVersionId: uuid('from_version_id'),
    fromVersionName: text('from_version_name'),
    smartClusterId: uuid('smart_cluster_id'),
    smartClusterName: text('smart_cluster_name'),
    actorKind: text('actor_kind').$type<HistoryActorKind>().notNull(),
    actorName: text('actor_name').notNull(),
    outcome: text('outcome').$type<HistoryOutcome>().notNull(),
    /** A plain sentence: what an update changed, why a rollout halted. */
    detail: text('detail'),
    /** The progressive rollout this entry belongs to, if any. */
    rolloutId: uuid('rollout_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('app_history_app_idx').on(table.appId, table.createdAt)],
);

/** Where one history entry's change ran (a member cluster), and how it ended there. */
export const appHistoryLocations = pgTable(
  'app_history_locations',
  {
    historyId: uuid('history_id')
      .notNull()
      .references(() => appHistory.id, { onDelete: 'cascade' }),
    /** No foreign key: a removed deployment's entry stays. */
    deploymentId: uuid('deployment_id').notNull(),
    clusterId: uuid('cluster_id').notNull(),
    datacenterUuid: text('datacenter_uuid').notNull(),
    /** The datacenter's location, e.g. Montréal. */
    location: text('location').notNull(),
    outcome: text('outcome').$type<'pending' | 'success' | 'failure'>().notNull(),
    reason: text('reason'),
  },
  (table) => [
    primaryKey({ columns: [table.historyId, table.deploymentId] }),
    index('app_history_locations_deployment_idx').on(table.deploymentId),
  ],
);

export type RolloutStatus = 'running' | 'paused' | 'halted' | 'aborted' | 'completed';

/** A version change on a smart cluster, one location at a time, each gated by its health. */
export const rollouts = pgTable(
  'rollouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    smartClusterId: uuid('smart_cluster_id')
      .notNull()
      .references(() => smartClusters.id, { onDelete: 'cascade' }),
    fromVersionId: uuid('from_version_id').notNull(),
    toVersionId: uuid('to_version_id').notNull(),
    status: text('status').$type<RolloutStatus>().notNull(),
    reason: text('reason'),
    /** How long a location's traffic is watched after its rollout became available. */
    bakeSeconds: integer('bake_seconds').notNull(),
    /** How much higher than the previous version's a location's error rate may be (0.02 = 2 points). */
    errorMargin: doublePrecision('error_margin').notNull(),
    historyId: uuid('history_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('rollouts_app_idx').on(table.appId, table.createdAt),
    uniqueIndex('rollouts_one_active_idx')
      .on(table.appId, table.smartClusterId)
      .where(sql`status in ('running', 'paused')`),
  ],
);

export type RolloutStepState =
  'waiting' | 'rolling' | 'baking' | 'done' | 'failed' | 'rolled_back' | 'skipped';

/** One location of a rollout, in the order they are taken (least traffic first). */
export const rolloutSteps = pgTable(
  'rollout_steps',
  {
    rolloutId: uuid('rollout_id')
      .notNull()
      .references(() => rollouts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    deploymentId: uuid('deployment_id').notNull(),
    clusterId: uuid('cluster_id').notNull(),
    datacenterUuid: text('datacenter_uuid').notNull(),
    location: text('location').notNull(),
    /** The version this location ran before the rollout: what a rollback puts back (0019). */
    fromVersionId: uuid('from_version_id'),
    state: text('state').$type<RolloutStepState>().notNull(),
    /** Requests it served over the last day when the order was chosen. */
    requestsPerDay: bigint('requests_per_day', { mode: 'number' }).notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }),
    bakeUntil: timestamp('bake_until', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    baselineErrorRate: doublePrecision('baseline_error_rate'),
    observedErrorRate: doublePrecision('observed_error_rate'),
    reason: text('reason'),
  },
  (table) => [primaryKey({ columns: [table.rolloutId, table.position] })],
);

/**
 * What a deployment served and used over one sampling window (issue 15's metrics), kept for
 * a retention; the version is kept so a rollout can compare a new version with the old.
 */
export const deploymentMetrics = pgTable(
  'deployment_metrics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
  },
  (table) => [
    index('deployment_metrics_deployment_idx').on(table.deploymentId, table.at),
    index('deployment_metrics_at_idx').on(table.at),
  ],
);

export type AppHistoryRow = typeof appHistory.$inferSelect;
export type AppHistoryLocationRow = typeof appHistoryLocations.$inferSelect;
export type RolloutRow = typeof rollouts.$inferSelect;
export type RolloutStepRow = typeof rolloutSteps.$inferSelect;
export type DeploymentMetricRow = typeof deploymentMetrics.$inferSelect;
