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

/** Certificates issued for deployments' domain names (https_enable), by the local authority. */
export const certificates = pgTable('certificates', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: ownerUserId(),
  deploymentId: belongsTo('deployment_id', () => deployments.id),
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
