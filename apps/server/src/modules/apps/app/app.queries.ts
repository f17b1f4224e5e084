import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import { apps, type AppRow } from '../../../platform/db/schema/apps';

/** The user's apps as lists show them: one being deleted is gone already (its teardown goes on). */
export async function listAppRows(db: Database, userId: string, appId?: string): Promise<AppRow[]> {
  return db
    .select()
    .from(apps)
    .where(
      and(
        eq(apps.userId, userId),
        eq(apps.deleting, false),
        appId ? eq(apps.id, appId) : undefined,
      ),
    )
    .orderBy(asc(apps.createdAt), asc(apps.id));
}

export async function findOwnApp(
  db: Database,
  userId: string,
  id: string,
): Promise<AppRow | undefined> {
  const [row] = await db
    .select()
    .from(apps)
    .where(and(eq(apps.id, id), eq(apps.userId, userId)));
  return row;
}

export async function lockApp(tx: Database, id: string): Promise<AppRow | undefined> {
  const [row] = await tx.select().from(apps).where(eq(apps.id, id)).for('update');
  return row;
}

export async function insertApp(
  tx: Database,
  values: Pick<typeof apps.$inferInsert, 'userId' | 'organizationId' | 'name' | 'description'>,
): Promise<AppRow> {
  const [row] = await tx.insert(apps).values(values).returning();
  return row!;
}

/** Writes the changed fields (and the time of the change) of an app. */
export async function updateAppRow(
  db: Database,
  id: string,
  change: Partial<Pick<AppRow, 'name' | 'description' | 'deleting'>> & { updatedAt: Date },
): Promise<void> {
  await db.update(apps).set(change).where(eq(apps.id, id));
}

export async function deleteAppRow(tx: Database, id: string): Promise<void> {
  await tx.delete(apps).where(eq(apps.id, id));
}

export async function findApp(tx: Database, id: string): Promise<AppRow | undefined> {
  const [row] = await tx.select().from(apps).where(eq(apps.id, id));
  return row;
}
