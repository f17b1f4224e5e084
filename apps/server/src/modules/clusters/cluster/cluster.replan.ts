import { eventType } from '@meridian/domain/events/event-catalogue';
import { defineJob } from '../../../platform/jobs/job-queue';
import { scheduleNextRound } from '../../../platform/jobs/periodic-round';
import {
  observedDemand,
  solvePlacement,
  judgeReplacement,
  type ReplacementVerdict,
} from '../../intelligence/intelligence.public';
import { inTransaction, type ClusterContext } from '../cluster-context';
import { event, smartPayload } from './cluster.events';
import {
  changeSmartClusterRow,
  listMemberRows,
  listSettledAutomaticRows,
  lockSmartCluster,
} from './cluster.queries';
import { scaleOnLoad } from './cluster.scale';
import { insertMembers } from './cluster.service';
import { replanJobSchema, type ReplanJob } from './cluster-job-kinds';
import type { SmartClusterRow } from '../../../platform/db/schema/clusters';

/**
 * Re-placement on observed traffic (architecture "Placement"): a periodic round re-solves every
 * AUTOMATIC smart cluster at rest on where its users were lately, and moves the ones that miss
 * their target or could meet it for 10 % less, make-before-break (cluster.replace.ts); the ones
 * that stay get the minions their load needs, within the budget (cluster.scale.ts).
 */

export interface ReplanSettings {
  /** How often the round runs (MERIDIAN_REPLACEMENT_CHECK_SECONDS). */
  checkIntervalMs: number;
  /** How long after a placement the smart cluster stays put (MERIDIAN_REPLACEMENT_COOLDOWN_SECONDS). */
  cooldownMs: number;
}

export const defaultReplanSettings: ReplanSettings = {
  checkIntervalMs: 5 * 60_000,
  cooldownMs: 6 * 3_600_000,
};

/** The fewest requests a 95th percentile can be read from (1 in 20): fewer say nothing. */
export const leastRequestsToMove = 20;

export function replanJob(context: ClusterContext, settings: ReplanSettings) {
  return defineJob<ReplanJob>('replan-smart-clusters', replanJobSchema, async () => {
    // Rounds keep to the wall clock; what a round decides reads the app's clock (tests move it).
    await scheduleReplan(context, settings, new Date());
    await replanSmartClusters(context, settings, context.now());
  });
}

/** Queues the next round (once, whoever asks); each round queues the one after. */
export function scheduleReplan(
  context: ClusterContext,
  settings: ReplanSettings,
  after: Date,
): Promise<void> {
  return scheduleNextRound(context.jobs, 'replan-smart-clusters', settings.checkIntervalMs, after);
}

/** One round: answers the smart clusters it started moving or scaling. */
export async function replanSmartClusters(
  context: ClusterContext,
  settings: ReplanSettings,
  at: Date,
): Promise<string[]> {
  const moved: string[] = [];
  const failures: unknown[] = [];
  for (const smart of await listSettledAutomaticRows(context.db)) {
    // A move or a shrink waits out the cool-down after the last decision; growth never waits.
    const cooling =
      at.getTime() - Date.parse(smart.placement?.decided_at ?? '') < settings.cooldownMs;
    // One smart cluster's trouble must not keep the others where they are.
    try {
      const verdict = cooling ? null : await judge(context, smart, at);
      const changed = verdict
        ? await startMove(context, smart.id, verdict)
        : await scaleOnLoad(context, smart, at, !cooling);
      if (changed) moved.push(smart.id);
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw new AggregateError(failures, 'some re-placements failed');
  return moved;
}

/** Where the smart cluster should run for the traffic of this hour and the last, if elsewhere. */
async function judge(
  context: ClusterContext,
  smart: SmartClusterRow,
  at: Date,
): Promise<ReplacementVerdict | null> {
  if (!smart.clusterSize || smart.latency === null) return null;
  const demand = await observedDemand(context.db, smart.id, at);
  if (demand.reduce((sum, point) => sum + point.weight, 0) < leastRequestsToMove) return null;
  const wanted = smart.candidates ?? smart.datacenters;
  const candidates = (await context.datacenters()).filter((row) => wanted.includes(row.uuid));
  if (candidates.length === 0) return null;
  const members = await listMemberRows(context.db, { smartClusterId: smart.id });
  const request = {
    candidates,
    clusterSize: smart.clusterSize,
    masterCount: smart.masterCount,
    minionCount: smart.minionCount,
    latency: smart.latency,
    demand,
  };
  const current = members.map(({ cluster }) => cluster.datacenterUuid);
  const { placement } = await solvePlacement(context.cpu, request);
  return judgeReplacement(request, placement, current, at);
}

/**
 * Starts the move, unless the smart cluster changed meanwhile: new members are created, the old
 * ones kept until the replacement job has carried the deployments over. Answers whether it did.
 */
function startMove(
  context: ClusterContext,
  smartClusterId: string,
  { decision, notice }: ReplacementVerdict,
): Promise<boolean> {
  return inTransaction(context, async (tx, send) => {
    const locked = await lockSmartCluster(tx, smartClusterId);
    if (!locked || locked.deleted || locked.status !== 'success' || locked.replacement) {
      return false;
    }
    const members = await listMemberRows(tx, { smartClusterId });
    const current = members.map(({ cluster }) => cluster.datacenterUuid);
    const adding = (await context.datacenters()).filter(
      (row) => decision.datacenters.includes(row.uuid) && !current.includes(row.uuid),
    );
    const leaving = members.filter(
      ({ cluster }) => !decision.datacenters.includes(cluster.datacenterUuid),
    );
    const smart = await changeSmartClusterRow(tx, smartClusterId, {
      status: 'updating',
      statusReason: null,
      updatedAt: context.now(),
    });
    const pending = eventType('SMART_CLUSTER', 'UPDATE', 'PENDING');
    await event(tx, smart.userId, pending, smartPayload(smart, notice));
    const added = await insertMembers(context, tx, smart, adding, send);
    const from = leaving.map(({ cluster }) => cluster.id);
    const replacement = { from, to: added.map((row) => row.id), decision };
    await changeSmartClusterRow(tx, smartClusterId, { replacement, updatedAt: context.now() });
    await send({ kind: 'replace-smart-cluster', smartClusterId });
    return true;
  });
}
