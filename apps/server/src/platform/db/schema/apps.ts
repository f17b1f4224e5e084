// The apps context's tables: apps, versions, deployments, their history and rollouts.
import { sql } from 'drizzle-orm';
import {
  bigint,
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
  primaryKey,
} from 'drizzle-orm/pg-core';
import type { FlavorKey } from '@meridian/domain/flavors';
import type { TemplateType, VolumeType } from '@meridian/domain/limits';
import type {
  DeploymentOperation,
  DeploymentTemplate,
  VersionBasicSettings,
} from '@meridian/domain/apps/app-api';
import type { Status } from '@meridian/domain/status';
import type { StackOutput, StackParameter } from '@meridian/domain/apps/stack-output';
import { createdAt, belongsTo } from './columns';
import { ownerUserId } from './accounts';
import { smartClusters, clusters } from './clusters';

/** Apps (spec "Entities and their fields"). Deleting one first removes its deployments, then the row goes. */
export const apps = pgTable(
  'apps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerUserId(),
    name: text('name').notNull(),
    description: text('description'),
    /** The organisation owning it (then `user_id` is the organisation's account); null when personal. */
    organizationId: uuid('organization_id'),
    /** Set while the app's deployments are being removed before the app itself goes. */
    deleting: boolean('deleting').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('apps_user_idx').on(table.userId, table.createdAt)],
);

/** Versions of an app (spec "Entities and their fields"): the template that deployments roll out. */
export const versions = pgTable(
  'versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: belongsTo('app_id', () => apps.id),
    userId: ownerUserId(),
    name: text('name').notNull(),
    templateType: text('template_type').$type<TemplateType>().notNull(),
    /** The template as uploaded or generated; a registry password inside reads `<sealed>`. */
    rawTemplate: text('raw_template').notNull(),
    templateName: text('template_name').notNull(),
    /** Private registry of a Basic template: URL and username (the password is sealed apart). */
    registry: jsonb('registry').$type<{ url: string; username: string }>(),
    /** AES-256-GCM sealed (lib/secret-box); never returned. */
    registryPasswordSealed: text('registry_password_sealed'),
    /** A Basic version's secrets as one sealed JSON object {name: value} (issue 36); never returned. */
    secretsSealed: text('secrets_sealed'),
    /** A Basic version's settings, the password left out (0024; before, read from its YAML). */
    basicSettings: jsonb('basic_settings').$type<VersionBasicSettings>(),
    flavorName: text('flavor_name').$type<FlavorKey>(),
    volumeType: text('volume_type').$type<VolumeType>(),
    deleting: boolean('deleting').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('versions_app_idx').on(table.appId, table.createdAt),
    index('versions_user_idx').on(table.userId, table.createdAt),
  ],
);

/** What a preview deployment runs: the pull/merge request's head (issue 39). */
export interface PreviewFacts {
  title: string | null;
  branch: string;
  sha: string;
  author: string;
  /** When the request event it runs was heard (ISO); unset on previews made before it was kept. */
  received_at?: string;
}

/** A version running on one member cluster of a smart cluster (spec "Entities and their fields" Deployment). */
export const deployments = pgTable(
  'deployments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerUserId(),
    appId: belongsTo('app_id', () => apps.id),
    versionId: belongsTo('version_id', () => versions.id),
    smartClusterId: belongsTo('smart_cluster_id', () => smartClusters.id),
    clusterId: belongsTo('cluster_id', () => clusters.id),
    status: text('status').$type<Status>().notNull(),
    statusReason: text('status_reason'),
    /** What the running (or last) operation is; it picks the events and the job's work. */
    operation: text('operation').$type<DeploymentOperation>().notNull(),
    endpoint: text('endpoint'),
    ports: jsonb('ports').$type<{ name: string; port: number }[]>().notNull().default([]),
    /** Replicas asked for by an update, in place of the template's (null: the template's). */
    replicas: integer('replicas'),
    /** The Deployment kinds being rolled out, with their replicas (what the replicas card shows). */
    template: jsonb('template').$type<DeploymentTemplate[]>().notNull().default([]),
    readyReplicas: integer('ready_replicas').notNull().default(0),
    /** The image a CI/CD call rolled out in place of the version's. */
    imageName: text('image_name'),
    /** A Heat deployment's stack outputs and parameters, once its stack exists (0016, 0021). */
    stackOutputs: jsonb('stack_outputs').$type<StackOutput[]>(),
    stackParameters: jsonb('stack_parameters').$type<StackParameter[]>(),
    domainNames: jsonb('domain_names').$type<string[]>().notNull().default([]),
    /** Set on a pull/merge request's preview (issue 39): never one of the app's locations. */
    previewNumber: integer('preview_number'),
    preview: jsonb('preview').$type<PreviewFacts>(),
    certificateUuid: uuid('certificate_uuid'),
    operationDeadline: timestamp('operation_deadline', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('deployments_app_idx').on(table.appId),
    index('deployments_user_idx').on(table.userId),
    index('deployments_smart_cluster_idx').on(table.smartClusterId),
    index('deployments_cluster_idx').on(table.clusterId),
    // An app runs one deployment per member cluster; another version there is a version change
    // (0022). Previews stand apart: one per pull request (0035).
    uniqueIndex('deployments_one_per_member_idx')
      .on(table.appId, table.clusterId)
      .where(sql`${table.previewNumber} IS NULL`),
    uniqueIndex('deployments_one_per_preview_idx')
      .on(table.appId, table.previewNumber)
      .where(sql`${table.previewNumber} IS NOT NULL`),
  ],
);

export type AppRow = typeof apps.$inferSelect;

export type VersionRow = typeof versions.$inferSelect;

export type DeploymentRow = typeof deployments.$inferSelect;

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

/** Who made a change: a signed-in user, an API key (by its name), a CI/CD call, a git push, or Meridian itself. */
export type HistoryActorKind = 'user' | 'api_key' | 'ci' | 'git' | 'meridian';

export type HistoryOutcome = 'pending' | 'success' | 'failure' | 'halted' | 'aborted';

/** One change to an app, newest read first; its locations say how it ended where it ran. */
export const appHistory = pgTable(
  'app_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerUserId(),
    appId: belongsTo('app_id', () => apps.id),
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
    historyId: belongsTo('history_id', () => appHistory.id),
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
    userId: ownerUserId(),
    appId: belongsTo('app_id', () => apps.id),
    smartClusterId: belongsTo('smart_cluster_id', () => smartClusters.id),
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
    rolloutId: belongsTo('rollout_id', () => rollouts.id),
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

export type AppHistoryRow = typeof appHistory.$inferSelect;

export type AppHistoryLocationRow = typeof appHistoryLocations.$inferSelect;

export type RolloutRow = typeof rollouts.$inferSelect;

export type RolloutStepRow = typeof rolloutSteps.$inferSelect;

/* Issue 39: an app's git source and the webhook deliveries it has handled. */

/** The repository whose pushes make the app's next version (one per app). */
export const gitSources = pgTable(
  'git_sources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerUserId(),
    appId: belongsTo('app_id', () => apps.id),
    provider: text('provider').$type<'github' | 'gitlab'>().notNull(),
    repository: text('repository').notNull(),
    branch: text('branch').notNull(),
    image: text('image').notNull(),
    smartClusterIds: jsonb('smart_cluster_ids').$type<string[]>().notNull(),
    previews: jsonb('previews').$type<{ smart_cluster_uuid: string; domain_uuid?: string }>(),
    /** A push's rollout bake per location; null: the rollouts' default. */
    bakeSeconds: integer('bake_seconds'),
    /** The webhook secret, sealed (lib/secret-box); answered once, at creation. */
    secretSealed: text('secret_sealed').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('git_sources_app_idx').on(table.appId)],
);

/** Deliveries seen per source: a replay answers 200 and does nothing again. */
export const gitDeliveries = pgTable(
  'git_deliveries',
  {
    sourceId: belongsTo('source_id', () => gitSources.id),
    deliveryId: text('delivery_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.sourceId, table.deliveryId] })],
);

export type GitSourceRow = typeof gitSources.$inferSelect;
