import { and, asc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import { usagePeriods, type UsagePeriodRow } from '../../../platform/db/schema/metering';

/** The user's usage periods that overlap [start, end), in billing order. */
export function listUsagePeriods(
  db: Database,
  userId: string,
  { start, end }: { start: Date; end: Date },
): Promise<UsagePeriodRow[]> {
  return db
    .select()
    .from(usagePeriods)
    .where(
      and(
        eq(usagePeriods.userId, userId),
        lt(usagePeriods.startedAt, end),
        or(isNull(usagePeriods.endedAt), gt(usagePeriods.endedAt, start)),
      ),
    )
    .orderBy(asc(usagePeriods.startedAt), asc(usagePeriods.name), asc(usagePeriods.id));
}

export async function findOpenUsagePeriod(
  tx: Database,
  resourceId: string,
): Promise<UsagePeriodRow | undefined> {
  const [row] = await tx
    .select()
    .from(usagePeriods)
    .where(and(eq(usagePeriods.resourceId, resourceId), isNull(usagePeriods.endedAt)));
  return row;
}

export async function insertUsagePeriod(
  tx: Database,
  values: typeof usagePeriods.$inferInsert,
): Promise<void> {
  await tx.insert(usagePeriods).values(values);
}

export async function endOpenUsagePeriods(
  tx: Database,
  resourceId: string,
  at: Date,
): Promise<void> {
  await tx
    .update(usagePeriods)
    .set({ endedAt: at })
    .where(and(eq(usagePeriods.resourceId, resourceId), isNull(usagePeriods.endedAt)));
}
