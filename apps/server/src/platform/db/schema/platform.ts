// The platform's own tables: job steps, rate limits, secret keys, the simulator, per-user revisions,
// the audit log.
import type { AuditActorType, AuditResult } from '@meridian/domain/auth/audit';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
  primaryKey,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * A counter per user, bumped by triggers (0005, 0015) when a row of theirs changes in apps,
 * versions, deployments, smart_clusters, clusters, domains or organization_members, or a smart
 * cluster shared with them does — in the writer's transaction: one read says a cached list is fresh.
 */
export const userRevisions = pgTable('user_revisions', {
  userId: uuid('user_id').primaryKey(),
  revision: bigint('revision', { mode: 'number' }).notNull().default(0),
});

/**
 * The finished steps of durable jobs (`platform/jobs/durable-steps.ts`): a step's output is kept
 * under its job's key so that a run after a crash returns it instead of doing the step again.
 */
export const jobSteps = pgTable(
  'job_steps',
  {
    jobKey: text('job_key').notNull(),
    step: text('step').notNull(),
    output: jsonb('output').$type<unknown>(),
    doneAt: timestamp('done_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.jobKey, table.step] })],
);

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

/**
 * The salt a passphrase given as MERIDIAN_SECRET_KEY is stretched with (scrypt): one row, made
 * by the first process to need it, the same for every process on the database.
 */
export const secretKeySalt = pgTable('secret_key_salt', {
  id: integer('id').primaryKey().default(1),
  salt: text('salt').notNull(),
});

/**
 * The local certificate authority that signs https_enable certificates (architecture "Embedded default"'s
 * embedded default). Kept in the database rather than the data dir so every server process
 * signs with the same one; its key is sealed like every other secret.
 */
export const certificateAuthorities = pgTable('certificate_authorities', {
  id: integer('id').primaryKey(),
  certificatePem: text('certificate_pem').notNull(),
  privateKeySealed: text('private_key_sealed').notNull(),
  createdAt: createdAt(),
});

/** The installation's ACME account per directory: one account, as CAs limit new ones. */
export const acmeAccounts = pgTable('acme_accounts', {
  directoryUrl: text('directory_url').primaryKey(),
  accountKeySealed: text('account_key_sealed').notNull(),
  accountUrl: text('account_url').notNull(),
  createdAt: createdAt(),
});

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

/**
 * The audit log (docs/audit-log.md): one row per change made through the API, refused ones too,
 * and per change Meridian makes itself. No foreign keys: an entry outlives its actor and target.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorType: text('actor_type').$type<AuditActorType>().notNull(),
    actorId: text('actor_id'),
    actorName: text('actor_name'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    targetName: text('target_name'),
    organizationId: uuid('organization_id'),
    /** The account the entry concerns (the caller, or the owner of what Meridian changed). */
    accountUserId: uuid('account_user_id'),
    ip: text('ip'),
    result: text('result').$type<AuditResult>().notNull(),
  },
  // The reading routes ask "this account's or these organisations' entries, newest first".
  (table) => [
    index('audit_entries_account_at_idx').on(table.accountUserId, table.at),
    index('audit_entries_organization_at_idx').on(table.organizationId, table.at),
    index('audit_entries_at_idx').on(table.at),
  ],
);

export type AuditEntryRow = typeof auditEntries.$inferSelect;
