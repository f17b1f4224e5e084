import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import { events, type EventRow } from '../../../platform/db/schema/accounts';

/** An inclusive range of positions in the newest-first list, as the console asks for it. */
export interface EventPage {
  from: number;
  to: number;
}

export async function insertEvent(
  db: Database,
  values: Omit<typeof events.$inferInsert, 'createdAt'>,
): Promise<EventRow> {
  const [row] = await db
    .insert(events)
    // The statement's own time, not the transaction's: events of one transaction keep their order.
    .values({ ...values, createdAt: sql`clock_timestamp()` })
    .returning();
  if (!row) throw new Error('insert into events returned no row');
  return row;
}

export async function findEventById(db: Database, id: string): Promise<EventRow | undefined> {
  const [row] = await db.select().from(events).where(eq(events.id, id)).limit(1);
  return row;
}

export async function listEvents(
  db: Database,
  userId: string,
  { from, to }: EventPage,
): Promise<EventRow[]> {
  return (
    db
      .select()
      .from(events)
      // Silent events (traffic) refresh consoles live but are not notifications to list.
      .where(and(eq(events.userId, userId), eq(events.isNotification, true)))
      .orderBy(desc(events.createdAt), desc(events.id))
      .offset(from)
      .limit(to - from + 1)
  );
}

export async function countEvents(
  db: Database,
  userId: string,
  { read }: { read?: boolean },
): Promise<number> {
  const conditions: SQL[] = [eq(events.userId, userId), eq(events.isNotification, true)];
  // A literal, not a parameter: the planner then sees the unread index's own condition.
  if (read !== undefined)
    conditions.push(read ? sql`${events.read} = true` : sql`${events.read} = false`);
  const [row] = await db
    .select({ value: count() })
    .from(events)
    .where(and(...conditions));
  return row?.value ?? 0;
}

/** Marks the user's events read: those listed, or all of them; other users' ids match nothing. */
export async function markEventsRead(
  db: Database,
  userId: string,
  ids: string[] | undefined,
): Promise<void> {
  const conditions: SQL[] = [eq(events.userId, userId), eq(events.read, false)];
  if (ids) conditions.push(inArray(events.id, ids));
  await db
    .update(events)
    .set({ read: true })
    .where(and(...conditions));
}

/** Marks one of the user's notifications read; false when the user has no such notification. */
export async function markNotificationRead(
  db: Database,
  userId: string,
  id: string,
): Promise<boolean> {
  const rows = await db
    .update(events)
    .set({ read: true })
    .where(and(eq(events.id, id), eq(events.userId, userId), eq(events.isNotification, true)))
    .returning({ id: events.id });
  return rows.length > 0;
}
