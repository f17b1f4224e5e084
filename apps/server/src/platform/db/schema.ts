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
} from 'drizzle-orm/pg-core';
import type { ClusterType } from '@meridian/domain/clusters/smart-cluster';
import type { EventPayload, EventType } from '@meridian/domain/events/event-catalogue';
import type { FlavorKey } from '@meridian/domain/flavors';
import type { ClusterMode, DnsRecordType, TemplateType, VolumeType } from '@meridian/domain/limits';
import type {
  DeploymentOperation,
  DeploymentTemplate,
  VersionBasicSettings,
} from '@meridian/domain/apps/app-api';
import type { Status } from '@meridian/domain/status';
import type { PlacementDecision } from '@meridian/domain/clusters/placement-decision';
import type { StackOutput, StackParameter } from '@meridian/domain/apps/stack-output';

/** Members being brought up (`to`) before those they replace (`from`) go; the decision it applies. */
export interface Replacement {
  from: string[];
  to: string[];
  decision: PlacementDecision;
}

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    createdAt: createdAt(),
  },
  // "Admin" and "admin" would be two accounts that look the same to people: usernames are
  // unique and looked up regardless of case.
  (table) => [uniqueIndex('users_username_lower_idx').on(sql`lower(${table.username})`)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the bearer token, hex; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

/**
 * API keys for CI/CD calls (`Authorization: ApiKey <key>`). Revoking deletes the row, so a name
 * is unique per user among live keys and a revoked key's name can be reused.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /**
     * SHA-256 of the key, hex. The key is 32 random bytes, so a fast unsalted hash is right here
     * (nothing to brute-force); a slow password hash would only slow every CI/CD call.
     */
    keyHash: text('key_hash').notNull().unique(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('api_keys_user_name_idx').on(table.userId, table.name)],
);

/** Notification events (spec "Entities and their fields"), written in the same transaction as the change they report. */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventType: text('event_type').$type<EventType>().notNull(),
    category: integer('category').notNull(),
    status: integer('status').notNull(),
    payload: jsonb('payload').$type<EventPayload>().notNull(),
    actionTaken: boolean('action_taken').notNull().default(false),
    read: boolean('read').notNull().default(false),
    isNotification: boolean('is_notification').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [
    index('events_user_created_idx').on(table.userId, table.createdAt.desc()),
    // The bell counts and clears the unread ones on every page: only they are indexed.
    index('events_user_unread_idx')
      .on(table.userId)
      .where(sql`${table.read} = false and ${table.isNotification} = true`),
  ],
);

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
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    smartClusterId: uuid('smart_cluster_id')
      .notNull()
      .references(() => smartClusters.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type EventRow = typeof events.$inferSelect;
export type DatacenterRow = typeof datacenters.$inferSelect;
export type SmartClusterRow = typeof smartClusters.$inferSelect;
export type ClusterRow = typeof clusters.$inferSelect;

/** Apps (spec "Entities and their fields"). Deleting one first removes its deployments, then the row goes. */
export const apps = pgTable(
  'apps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
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
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    templateType: text('template_type').$type<TemplateType>().notNull(),
    /** The template as uploaded or generated; a registry password inside reads `<sealed>`. */
    rawTemplate: text('raw_template').notNull(),
    templateName: text('template_name').notNull(),
    /** Private registry of a Basic template: URL and username (the password is sealed apart). */
    registry: jsonb('registry').$type<{ url: string; username: string }>(),
    /** AES-256-GCM sealed (lib/secret-box); never returned. */
    registryPasswordSealed: text('registry_password_sealed'),
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

/** A version running on one member cluster of a smart cluster (spec "Entities and their fields" Deployment). */
export const deployments = pgTable(
  'deployments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    versionId: uuid('version_id')
      .notNull()
      .references(() => versions.id, { onDelete: 'cascade' }),
    smartClusterId: uuid('smart_cluster_id')
      .notNull()
      .references(() => smartClusters.id, { onDelete: 'cascade' }),
    clusterId: uuid('cluster_id')
      .notNull()
      .references(() => clusters.id, { onDelete: 'cascade' }),
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
    // An app runs one deployment per member cluster; another version there is a version change (0022).
    uniqueIndex('deployments_one_per_member_idx').on(table.appId, table.clusterId),
  ],
);

/**
 * A counter per user, bumped by triggers (0005, 0015) when a row of theirs changes in apps,
 * versions, deployments, smart_clusters, clusters, domains or organization_members, or a smart
 * cluster shared with them does — in the writer's transaction: one read says a cached list is fresh.
 */
export const userRevisions = pgTable('user_revisions', {
  userId: uuid('user_id').primaryKey(),
  revision: bigint('revision', { mode: 'number' }).notNull().default(0),
});

export type AppRow = typeof apps.$inferSelect;
export type VersionRow = typeof versions.$inferSelect;
export type DeploymentRow = typeof deployments.$inferSelect;

/** Domains a user serves through Meridian's authoritative DNS (spec "Entities and their fields" Domain). */
export const domains = pgTable(
  'domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lower-case, no trailing dot; one zone per name across all users (DNS has one owner). */
    domainName: text('domain_name').notNull().unique(),
    email: text('email'),
    status: text('status').$type<Status>().notNull(),
    statusReason: text('status_reason'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('domains_user_idx').on(table.userId, table.createdAt)],
);

/** The records of a domain's zone (spec "Entities and their fields" DNS record); SOA and NS at the apex are Meridian's. */
export const dnsRecords = pgTable(
  'dns_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    domainId: uuid('domain_id')
      .notNull()
      .references(() => domains.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Full name, lower-case, no trailing dot. */
    name: text('name').notNull(),
    type: text('type').$type<DnsRecordType>().notNull(),
    content: text('content').notNull(),
    ttl: integer('ttl').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('dns_records_domain_idx').on(table.domainId, table.createdAt)],
);

/** Certificates issued for deployments' domain names (https_enable), by the local authority. */
export const certificates = pgTable('certificates', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  deploymentId: uuid('deployment_id')
    .notNull()
    .references(() => deployments.id, { onDelete: 'cascade' }),
  domainNames: jsonb('domain_names').$type<string[]>().notNull(),
  /** The leaf then the issuing authority, PEM. */
  chainPem: text('chain_pem').notNull(),
  /** AES-256-GCM sealed (lib/secret-box). */
  privateKeySealed: text('private_key_sealed').notNull(),
  notAfter: timestamp('not_after', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** Bumped by triggers (0006) when a served zone's domains, records or addresses change; polled. */
export const dnsRevision = pgTable('dns_revision', {
  id: integer('id').primaryKey(),
  revision: bigint('revision', { mode: 'number' }).notNull().default(0),
});

export type DomainRow = typeof domains.$inferSelect;
export type DnsRecordRow = typeof dnsRecords.$inferSelect;
export type CertificateRow = typeof certificates.$inferSelect;
