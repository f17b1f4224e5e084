// The account context's tables: users, sessions, API keys, events, keypairs, organisations.
import { sql } from 'drizzle-orm';
import {
  boolean,
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
import type { EventPayload, EventType } from '@meridian/domain/events/event-catalogue';
import type { OrganizationRole } from '@meridian/domain/auth/organization';
import type { ApiKeyScope } from '@meridian/domain/auth/api-key';
import type { Locale } from '@meridian/domain/i18n/locale';
import { createdAt, belongsTo } from './columns';

export type AccountKind = 'person' | 'organization';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    /**
     * 'organization' for an organisation's own account (docs/organizations.md): it has the
     * organisation's id, owns what the organisation owns, and never signs in.
     */
    kind: text('kind').$type<AccountKind>().notNull().default('person'),
    /** Set by an installation admin: the account cannot sign in, nor its API keys act. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** The console's language the user chose (issue 40); null until they choose one. */
    locale: text('locale').$type<Locale>(),
    createdAt: createdAt(),
  },
  // "Admin" and "admin" would be two accounts that look the same to people: usernames are
  // unique and looked up regardless of case.
  (table) => [uniqueIndex('users_username_lower_idx').on(sql`lower(${table.username})`)],
);

/** The user a row belongs to: most tables have one, and go with the user. */
export const ownerUserId = () => belongsTo('user_id', () => users.id);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the bearer token, hex; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: ownerUserId(),
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
    userId: ownerUserId(),
    name: text('name').notNull(),
    /**
     * SHA-256 of the key, hex. The key is 32 random bytes, so a fast unsalted hash is right here
     * (nothing to brute-force); a slow password hash would only slow every CI/CD call.
     */
    keyHash: text('key_hash').notNull().unique(),
    /** Empty: every route a key could call before scopes (issue 37). */
    scopes: text('scopes')
      .array()
      .$type<ApiKeyScope[]>()
      .notNull()
      .default(sql`'{}'`),
    /** Past it the key answers 401; null: it never expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Written at most once a minute per key, not on every request. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** The organisation the key acts for (the caller was a member when creating it). */
    organizationId: uuid('organization_id').references(() => organizations.id, {
      onDelete: 'cascade',
    }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('api_keys_user_name_idx').on(table.userId, table.name)],
);

/**
 * A user's TOTP secret (RFC 6238), sealed: pending from setup until a first code enables it.
 * `lastUsedStep` is the newest time step a code was accepted for, so no code is accepted twice.
 */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** AES-256-GCM sealed (platform/secret-box): the server must read it to check codes. */
  secretSealed: text('secret_sealed').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: integer('last_used_step'),
  createdAt: createdAt(),
});

/** One-time recovery codes, SHA-256 hashed: 60 random bits each, so a slow hash adds nothing. */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerUserId(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('user_recovery_codes_user_idx').on(table.userId)],
);

/** Saved private registry credentials (issue 36): a Basic version names one by uuid. */
export const registries = pgTable(
  'registries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerUserId(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    username: text('username').notNull(),
    /** AES-256-GCM sealed (platform/secret-box); never returned. */
    passwordSealed: text('password_sealed').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('registries_user_name_idx').on(table.userId, table.name)],
);

/** Notification events (spec "Entities and their fields"), written in the same transaction as the change they report. */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerUserId(),
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

export type UserRow = typeof users.$inferSelect;

export type SessionRow = typeof sessions.$inferSelect;

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export type EventRow = typeof events.$inferSelect;

/** One SSH keypair per user (ed25519), made on first use; Heat stacks get it as keypair_name. */
export const userKeypairs = pgTable('user_keypairs', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The name the key goes by in datacenters (Heat's keypair_name). */
  keyName: text('key_name').notNull(),
  /** OpenSSH form: `ssh-ed25519 AAAA… comment`. */
  publicKey: text('public_key').notNull(),
  /** AES-256-GCM sealed (lib/secret-box); never stored or logged in plain text. */
  privateKeySealed: text('private_key_sealed').notNull(),
  createdAt: createdAt(),
});

export type UserKeypairRow = typeof userKeypairs.$inferSelect;

/**
 * A group of users that can share one default smart cluster (`default_shared_for_org_uuid`; a
 * unique index on smart_clusters keeps it one).
 */
/** An organisation; its id is also the id of its account in `users` (docs/organizations.md). */
export const organizations = pgTable('organizations', {
  id: uuid('id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

/** Who belongs to an organisation; its admins manage members and its shared smart cluster. */
export const organizationMembers = pgTable(
  'organization_members',
  {
    organizationId: belongsTo('organization_id', () => organizations.id),
    userId: ownerUserId(),
    role: text('role').$type<OrganizationRole>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.userId] }),
    index('organization_members_user_idx').on(table.userId),
  ],
);

/**
 * An admin's offer of membership, pending the invitee's answer: one per organisation and
 * invitee (asking again renews it). Accepting makes the member; declining or lapsing removes it.
 */
export const organizationInvitations = pgTable(
  'organization_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: belongsTo('organization_id', () => organizations.id),
    inviteeId: belongsTo('invitee_id', () => users.id),
    inviterId: belongsTo('inviter_id', () => users.id),
    role: text('role').$type<OrganizationRole>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('organization_invitations_pair_idx').on(table.organizationId, table.inviteeId),
    index('organization_invitations_invitee_idx').on(table.inviteeId),
  ],
);
