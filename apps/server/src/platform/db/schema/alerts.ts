// Alerts that leave Meridian (issue 39 items 3–4): notification channels, their deliveries,
// budgets and the thresholds already alerted.
import {
  integer,
  index,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ChannelEvent, ChannelType } from '@meridian/domain/events/notification-channel';
import { createdAt, belongsTo } from './columns';
import { users } from './accounts';

export const notificationChannels = pgTable(
  'notification_channels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The owning account: a person or an organisation. */
    userId: belongsTo('user_id', () => users.id),
    type: text('type').$type<ChannelType>().notNull(),
    /** The webhook URL or the e-mail address. */
    destination: text('destination').notNull(),
    events: text('events').array().$type<ChannelEvent[]>().notNull(),
    /** AES-256-GCM sealed (platform/secret-box) HMAC key of a webhook; null for e-mail. */
    secretSealed: text('secret_sealed'),
    createdAt: createdAt(),
  },
  (table) => [index('notification_channels_user_idx').on(table.userId)],
);

/** One attempt to deliver one event to one channel: a retry is a new row with attempt + 1. */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channelId: belongsTo('channel_id', () => notificationChannels.id),
    /** The event reported (null for the test button's). */
    eventId: uuid('event_id'),
    /** The channel event name, or `test`. */
    event: text('event').notNull(),
    attempt: integer('attempt').notNull(),
    status: text('status').$type<'pending' | 'delivered' | 'failed'>().notNull(),
    /** The webhook JSON (its `text` is the e-mail's body too), fixed when the event happened. */
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    responseCode: integer('response_code'),
    error: text('error'),
    /** When the attempt may run (retries wait their back-off). */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('notification_deliveries_channel_idx').on(table.channelId, table.createdAt.desc()),
    index('notification_deliveries_pending_idx').on(table.status, table.dueAt),
  ],
);

export const budgets = pgTable('budgets', {
  userId: belongsTo('user_id', () => users.id).primaryKey(),
  monthlyCad: numeric('monthly_cad', { mode: 'number' }).notNull(),
  thresholds: integer('thresholds').array().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A threshold alerted in a month: once per (account, month, threshold). */
export const budgetAlerts = pgTable(
  'budget_alerts',
  {
    userId: belongsTo('user_id', () => users.id),
    /** YYYY-MM, UTC. */
    month: text('month').notNull(),
    threshold: integer('threshold').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.month, table.threshold] })],
);

export type NotificationChannelRow = typeof notificationChannels.$inferSelect;
export type NotificationDeliveryRow = typeof notificationDeliveries.$inferSelect;
export type BudgetRow = typeof budgets.$inferSelect;
