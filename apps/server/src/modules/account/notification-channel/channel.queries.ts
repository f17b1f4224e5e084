import { and, arrayContains, asc, desc, eq, lte } from 'drizzle-orm';
import type { ChannelEvent } from '@meridian/domain/events/notification-channel';
import type { Database } from '../../../platform/db/database';
import type { SealedColumn } from '../../../platform/secret-rotation';
import {
  notificationChannels,
  notificationDeliveries,
  type NotificationChannelRow,
  type NotificationDeliveryRow,
} from '../../../platform/db/schema/alerts';

export function listChannels(db: Database, userId: string): Promise<NotificationChannelRow[]> {
  return db
    .select()
    .from(notificationChannels)
    .where(eq(notificationChannels.userId, userId))
    .orderBy(asc(notificationChannels.createdAt), asc(notificationChannels.id));
}

/** The account's channel of this id; undefined for another account's (answered as 404). */
export async function findOwnChannel(
  db: Database,
  userId: string,
  id: string,
): Promise<NotificationChannelRow | undefined> {
  const [row] = await db
    .select()
    .from(notificationChannels)
    .where(and(eq(notificationChannels.id, id), eq(notificationChannels.userId, userId)));
  return row;
}

export async function findChannel(
  db: Database,
  id: string,
): Promise<NotificationChannelRow | undefined> {
  const [row] = await db.select().from(notificationChannels).where(eq(notificationChannels.id, id));
  return row;
}

/** The owner's channels subscribed to `event`. */
export function channelsFor(
  db: Database,
  userId: string,
  event: ChannelEvent,
): Promise<NotificationChannelRow[]> {
  return db
    .select()
    .from(notificationChannels)
    .where(
      and(
        eq(notificationChannels.userId, userId),
        arrayContains(notificationChannels.events, [event]),
      ),
    );
}

export async function insertChannel(
  db: Database,
  values: typeof notificationChannels.$inferInsert,
): Promise<NotificationChannelRow> {
  const [row] = await db.insert(notificationChannels).values(values).returning();
  return row!;
}

export async function updateChannel(
  db: Database,
  id: string,
  values: Partial<Pick<NotificationChannelRow, 'destination' | 'events'>>,
): Promise<NotificationChannelRow | undefined> {
  const [row] = await db
    .update(notificationChannels)
    .set(values)
    .where(eq(notificationChannels.id, id))
    .returning();
  return row;
}

export async function deleteChannel(db: Database, userId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(notificationChannels)
    .where(and(eq(notificationChannels.id, id), eq(notificationChannels.userId, userId)))
    .returning({ id: notificationChannels.id });
  return gone.length > 0;
}

export async function insertDelivery(
  db: Database,
  values: typeof notificationDeliveries.$inferInsert,
): Promise<NotificationDeliveryRow> {
  const [row] = await db.insert(notificationDeliveries).values(values).returning();
  return row!;
}

export async function findDelivery(
  db: Database,
  id: string,
): Promise<NotificationDeliveryRow | undefined> {
  const [row] = await db
    .select()
    .from(notificationDeliveries)
    .where(eq(notificationDeliveries.id, id));
  return row;
}

/** Ends a pending attempt; false when another run ended it first. */
export async function finishDelivery(
  db: Database,
  id: string,
  values: Pick<NotificationDeliveryRow, 'status' | 'responseCode' | 'error' | 'finishedAt'>,
): Promise<boolean> {
  const done = await db
    .update(notificationDeliveries)
    .set(values)
    .where(and(eq(notificationDeliveries.id, id), eq(notificationDeliveries.status, 'pending')))
    .returning({ id: notificationDeliveries.id });
  return done.length > 0;
}

/** A channel's attempts, newest first. */
export function listDeliveries(
  db: Database,
  channelId: string,
  limit = 100,
): Promise<NotificationDeliveryRow[]> {
  return db
    .select()
    .from(notificationDeliveries)
    .where(eq(notificationDeliveries.channelId, channelId))
    .orderBy(desc(notificationDeliveries.createdAt), desc(notificationDeliveries.attempt))
    .limit(limit);
}

/** Pending attempts of one event, or every pending attempt due by `dueBy`. */
export function pendingDeliveries(
  db: Database,
  filter: { eventId: string } | { dueBy: Date },
): Promise<Pick<NotificationDeliveryRow, 'id' | 'dueAt'>[]> {
  const which =
    'eventId' in filter
      ? eq(notificationDeliveries.eventId, filter.eventId)
      : lte(notificationDeliveries.dueAt, filter.dueBy);
  return db
    .select({ id: notificationDeliveries.id, dueAt: notificationDeliveries.dueAt })
    .from(notificationDeliveries)
    .where(and(eq(notificationDeliveries.status, 'pending'), which))
    .limit(500);
}

/** The webhooks' signing secrets, for the key check at start and the rotation. */
export const channelSealedColumns: SealedColumn[] = [
  {
    label: 'webhook signing secrets',
    table: notificationChannels,
    id: notificationChannels.id,
    sealed: notificationChannels.secretSealed,
  },
];
