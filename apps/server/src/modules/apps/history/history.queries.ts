import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import {
  appHistory,
  appHistoryLocations,
  type AppHistoryLocationRow,
  type AppHistoryRow,
  type HistoryOutcome,
} from '../../../platform/db/schema/apps';

/** The only code touching the history tables. */

export type HistoryInsert = typeof appHistory.$inferInsert;
export type HistoryLocationInsert = Omit<typeof appHistoryLocations.$inferInsert, 'historyId'>;

export async function insertHistory(
  tx: Database,
  values: HistoryInsert,
  locations: readonly HistoryLocationInsert[],
): Promise<string> {
  // clock_timestamp, not the transaction's now(): entries written by one request keep their order.
  const [row] = await tx
    .insert(appHistory)
    .values({ ...values, createdAt: sql`clock_timestamp()`, updatedAt: sql`clock_timestamp()` })
    .returning({ id: appHistory.id });
  const id = row!.id;
  if (locations.length > 0) {
    await tx
      .insert(appHistoryLocations)
      .values(locations.map((location) => ({ ...location, historyId: id })));
  }
  return id;
}

/** Ends the deployment's pending location rows; the entries they belong to. */
export async function settlePendingLocations(
  tx: Database,
  deploymentId: string,
  outcome: 'success' | 'failure',
  reason: string | null,
): Promise<string[]> {
  const rows = await tx
    .update(appHistoryLocations)
    .set({ outcome, reason })
    .where(
      and(
        eq(appHistoryLocations.deploymentId, deploymentId),
        eq(appHistoryLocations.outcome, 'pending'),
      ),
    )
    .returning({ historyId: appHistoryLocations.historyId });
  return [...new Set(rows.map((row) => row.historyId))];
}

/** The outcomes of each entry's locations, for entries not steered by a rollout. */
export async function locationOutcomesOf(
  tx: Database,
  historyIds: readonly string[],
): Promise<Map<string, AppHistoryLocationRow['outcome'][]>> {
  const rows = await tx
    .select({ historyId: appHistoryLocations.historyId, outcome: appHistoryLocations.outcome })
    .from(appHistoryLocations)
    .innerJoin(appHistory, eq(appHistory.id, appHistoryLocations.historyId))
    .where(
      and(inArray(appHistoryLocations.historyId, [...historyIds]), isNull(appHistory.rolloutId)),
    );
  const byEntry = new Map<string, AppHistoryLocationRow['outcome'][]>();
  for (const row of rows)
    byEntry.set(row.historyId, [...(byEntry.get(row.historyId) ?? []), row.outcome]);
  return byEntry;
}

export async function updateHistoryOutcome(
  tx: Database,
  id: string,
  outcome: HistoryOutcome,
  detail?: string | null,
): Promise<void> {
  await tx
    .update(appHistory)
    .set({
      outcome,
      ...(detail !== undefined ? { detail } : {}),
      updatedAt: sql`clock_timestamp()`,
    })
    .where(eq(appHistory.id, id));
}

export interface HistoryFilter {
  appId: string;
  versionId?: string;
  /** A datacenter uuid or a location name. */
  location?: string;
}

function filterOf(db: Database, { appId, versionId, location }: HistoryFilter): SQL | undefined {
  return and(
    eq(appHistory.appId, appId),
    versionId
      ? or(eq(appHistory.versionId, versionId), eq(appHistory.fromVersionId, versionId))
      : undefined,
    location
      ? inArray(
          appHistory.id,
          db
            .select({ id: appHistoryLocations.historyId })
            .from(appHistoryLocations)
            .where(
              or(
                eq(appHistoryLocations.datacenterUuid, location),
                eq(sql`lower(${appHistoryLocations.location})`, location.toLowerCase()),
              ),
            ),
        )
      : undefined,
  );
}

/** One page of an app's entries, newest first, and how many match in all. */
export async function historyPageRows(
  db: Database,
  filter: HistoryFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: AppHistoryRow[]; total: number }> {
  const where = filterOf(db, filter);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(appHistory)
      .where(where)
      .orderBy(desc(appHistory.createdAt), desc(appHistory.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(appHistory).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function locationsOfEntries(
  db: Database,
  historyIds: readonly string[],
): Promise<AppHistoryLocationRow[]> {
  if (historyIds.length === 0) return [];
  return db
    .select()
    .from(appHistoryLocations)
    .where(inArray(appHistoryLocations.historyId, [...historyIds]))
    .orderBy(appHistoryLocations.location, appHistoryLocations.deploymentId);
}
