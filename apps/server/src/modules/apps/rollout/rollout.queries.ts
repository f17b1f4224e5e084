import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import {
  rollouts,
  rolloutSteps,
  type RolloutRow,
  type RolloutStepRow,
} from '../../../platform/db/schema/apps';

/** A rollout with its locations in the order they are taken. */
export interface RolloutWithSteps {
  rollout: RolloutRow;
  steps: RolloutStepRow[];
}

export async function insertRollout(
  tx: Database,
  rollout: typeof rollouts.$inferInsert,
  steps: Omit<typeof rolloutSteps.$inferInsert, 'rolloutId'>[],
): Promise<string> {
  const [row] = await tx.insert(rollouts).values(rollout).returning({ id: rollouts.id });
  await tx.insert(rolloutSteps).values(steps.map((step) => ({ ...step, rolloutId: row!.id })));
  return row!.id;
}

/** The rollout and its steps; with `lock`, the rollout row is held until the transaction ends. */
export async function findRollout(
  db: Database,
  id: string,
  lock = false,
): Promise<RolloutWithSteps | undefined> {
  const query = db.select().from(rollouts).where(eq(rollouts.id, id));
  const [rollout] = lock ? await query.for('update') : await query;
  if (!rollout) return undefined;
  const steps = await db
    .select()
    .from(rolloutSteps)
    .where(eq(rolloutSteps.rolloutId, id))
    .orderBy(asc(rolloutSteps.position));
  return { rollout, steps };
}

/** The app's rollouts, newest first, with their steps. */
export async function rolloutsOfApp(
  db: Database,
  appId: string,
  limit: number,
): Promise<RolloutWithSteps[]> {
  const rows = await db
    .select()
    .from(rollouts)
    .where(eq(rollouts.appId, appId))
    .orderBy(desc(rollouts.createdAt))
    .limit(limit);
  if (rows.length === 0) return [];
  const steps = await db
    .select()
    .from(rolloutSteps)
    .where(
      inArray(
        rolloutSteps.rolloutId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(rolloutSteps.position));
  return rows.map((rollout) => ({
    rollout,
    steps: steps.filter((step) => step.rolloutId === rollout.id),
  }));
}

/** The running or paused rollout of an app on a smart cluster, if any. */
export async function activeRollout(
  tx: Database,
  appId: string,
  smartClusterId: string,
): Promise<RolloutRow | undefined> {
  const [row] = await tx
    .select()
    .from(rollouts)
    .where(
      and(
        eq(rollouts.appId, appId),
        eq(rollouts.smartClusterId, smartClusterId),
        sql`${rollouts.status} in ('running', 'paused')`,
      ),
    );
  return row;
}

export async function changeRollout(
  tx: Database,
  id: string,
  change: Partial<typeof rollouts.$inferInsert> & { updatedAt: Date },
): Promise<void> {
  await tx.update(rollouts).set(change).where(eq(rollouts.id, id));
}

export async function changeStep(
  tx: Database,
  rolloutId: string,
  position: number,
  change: Partial<typeof rolloutSteps.$inferInsert>,
): Promise<void> {
  await tx
    .update(rolloutSteps)
    .set(change)
    .where(and(eq(rolloutSteps.rolloutId, rolloutId), eq(rolloutSteps.position, position)));
}
