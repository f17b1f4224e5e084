import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import { gitDeliveries, gitSources, type GitSourceRow } from '../../../platform/db/schema/apps';
import type { SealedColumn } from '../../../platform/secret-rotation';

export async function findGitSourceOfApp(
  db: Database,
  appId: string,
): Promise<GitSourceRow | undefined> {
  const [row] = await db.select().from(gitSources).where(eq(gitSources.appId, appId)).limit(1);
  return row;
}

export async function findGitSource(db: Database, id: string): Promise<GitSourceRow | undefined> {
  const [row] = await db.select().from(gitSources).where(eq(gitSources.id, id)).limit(1);
  return row;
}

export async function insertGitSource(
  db: Database,
  values: typeof gitSources.$inferInsert,
): Promise<GitSourceRow> {
  const [row] = await db.insert(gitSources).values(values).returning();
  return row!;
}

export async function updateGitSource(
  db: Database,
  id: string,
  values: Partial<typeof gitSources.$inferInsert>,
): Promise<GitSourceRow> {
  const [row] = await db.update(gitSources).set(values).where(eq(gitSources.id, id)).returning();
  return row!;
}

export async function deleteGitSource(db: Database, id: string): Promise<void> {
  await db.delete(gitSources).where(eq(gitSources.id, id));
}

/** How long a delivery id is remembered: providers redeliver within days (GitHub: three). */
export const deliveryMemoryMs = 30 * 24 * 3_600_000;

/**
 * Records a delivery; false when this source had seen it already (a replay). The source's ids
 * older than `deliveryMemoryMs` are forgotten on the way, so the table stays small.
 */
export async function recordDelivery(
  db: Database,
  sourceId: string,
  deliveryId: string,
  now: Date,
): Promise<boolean> {
  const forgottenBefore = new Date(now.getTime() - deliveryMemoryMs);
  await db
    .delete(gitDeliveries)
    .where(and(eq(gitDeliveries.sourceId, sourceId), lt(gitDeliveries.createdAt, forgottenBefore)));
  const rows = await db
    .insert(gitDeliveries)
    .values({ sourceId, deliveryId })
    .onConflictDoNothing()
    .returning({ id: gitDeliveries.deliveryId });
  return rows.length > 0;
}

export async function forgetDelivery(
  db: Database,
  sourceId: string,
  deliveryId: string,
): Promise<void> {
  await db
    .delete(gitDeliveries)
    .where(and(eq(gitDeliveries.sourceId, sourceId), eq(gitDeliveries.deliveryId, deliveryId)));
}

/** The webhook secrets, sealed: the key check at start and the rotation walk them. */
export const gitSourceSealedColumns: SealedColumn[] = [
  {
    label: 'git webhook secrets',
    table: gitSources,
    id: gitSources.id,
    sealed: gitSources.secretSealed,
  },
];
