// The domains context's tables: domains, DNS records, certificates, the DNS revision.
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { DnsRecordType } from '@meridian/domain/limits';
import type { Status } from '@meridian/domain/status';
import { createdAt, belongsTo } from './columns';
import { ownerUserId } from './accounts';
import { deployments, type HistoryActorKind } from './apps';

/** Domains a user serves through Meridian's authoritative DNS (spec "Entities and their fields" Domain). */
export const domains = pgTable(
  'domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerUserId(),
    /** Lower-case, no trailing dot; one zone per name across all users (DNS has one owner). */
    domainName: text('domain_name').notNull().unique(),
    email: text('email'),
    /** The organisation owning it (then `user_id` is the organisation's account); null when personal. */
    organizationId: uuid('organization_id'),
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
    domainId: belongsTo('domain_id', () => domains.id),
    userId: ownerUserId(),
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

/** A record as the history keeps it (before or after a change). */
export interface HistoryRecordValue {
  domain: string;
  type: DnsRecordType;
  content: string;
  ttl: number;
}

/**
 * Every change of a domain's records (docs/domains.md): who, what, before and after. Kept with
 * the domain (a claim's removals stay visible to the claimant, who holds it after).
 */
export const dnsRecordHistory = pgTable(
  'dns_record_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    domainId: belongsTo('domain_id', () => domains.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorKind: text('actor_kind').$type<HistoryActorKind>().notNull(),
    actorName: text('actor_name').notNull(),
    action: text('action').$type<'create' | 'update' | 'delete' | 'import' | 'claim'>().notNull(),
    before: jsonb('before').$type<HistoryRecordValue>(),
    after: jsonb('after').$type<HistoryRecordValue>(),
  },
  (table) => [index('dns_record_history_domain_idx').on(table.domainId, table.at)],
);

export type DnsRecordHistoryRow = typeof dnsRecordHistory.$inferSelect;

/** Where a certificate's lifecycle stands; `expiring` and `expired` are read from the dates. */
export type CertificateState = 'valid' | 'renewing' | 'failed';

/**
 * Certificates issued for deployments' domain names (https_enable), by the local authority or an
 * ACME CA (docs/certificates.md). A renewal replaces chain, key and dates in the same row, so the
 * deployment's `certificate_uuid` stays.
 */
export const certificates = pgTable('certificates', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: ownerUserId(),
  deploymentId: belongsTo('deployment_id', () => deployments.id),
  domainNames: jsonb('domain_names').$type<string[]>().notNull(),
  /** The leaf then the issuing authority, PEM; null until an ACME order first completes. */
  chainPem: text('chain_pem'),
  /** AES-256-GCM sealed (lib/secret-box). */
  privateKeySealed: text('private_key_sealed'),
  /** The leaf's issuer, as its certificate names it. */
  issuer: text('issuer'),
  notBefore: timestamp('not_before', { withTimezone: true }),
  notAfter: timestamp('not_after', { withTimezone: true }),
  state: text('state').$type<CertificateState>().notNull().default('valid'),
  lastError: text('last_error'),
  /** Numbers the orders of this row: the durable steps of order n are kept under it. */
  orderCount: integer('order_count').notNull().default(0),
  /** Failed orders since the last success: the back-off grows with them. */
  failures: integer('failures').notNull().default(0),
  /** When the renewal round may try a failed one again. */
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  /** The fewest days-before-expiry the owner was last warned at (14, 7, 1), so each is told once. */
  warnedDays: integer('warned_days'),
  createdAt: createdAt(),
});

/** `_acme-challenge` TXT records served in the owner's zone while an ACME order validates. */
export const acmeChallenges = pgTable(
  'acme_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    certificateId: belongsTo('certificate_id', () => certificates.id),
    /** Full name, lower-case, no trailing dot: `_acme-challenge.<domain name>`. */
    name: text('name').notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('acme_challenges_certificate_idx').on(table.certificateId)],
);

/** Bumped by triggers (0006) when a served zone's domains, records or addresses change; polled. */
export const dnsRevision = pgTable('dns_revision', {
  id: integer('id').primaryKey(),
  revision: bigint('revision', { mode: 'number' }).notNull().default(0),
});

export type DomainRow = typeof domains.$inferSelect;

export type DnsRecordRow = typeof dnsRecords.$inferSelect;

export type CertificateRow = typeof certificates.$inferSelect;

export type AcmeChallengeRow = typeof acmeChallenges.$inferSelect;
