import { eventType } from '@meridian/domain/events/event-catalogue';
import type { PlacementDecision } from '@meridian/domain/clusters/placement-decision';
import { isInProgress } from '@meridian/domain/status';
import type { Database } from '../../../platform/db/database';
import { defineJob } from '../../../platform/jobs/job-queue';
import { durableSteps } from '../../../platform/jobs/durable-steps';
import { inTransaction, type ClusterContext, type SendClusterJob } from '../cluster-context';
import { event, memberPayload, smartPayload } from './cluster.events';
import {
  changeMemberRow,
  changeSmartClusterRow,
  findSmartClusterRow,
  listMemberRows,
  lockSmartCluster,
  type MemberWithDatacenter,
  insertPlacementRow,
} from './cluster.queries';
import { settleSmartCluster } from './cluster.settle';
import { replacementJobSchema, type ReplacementJob } from './cluster-job-kinds';
import type { SmartClusterRow } from '../../../platform/db/schema/clusters';

/**
 * Placing a smart cluster somewhere else, make-before-break (architecture "Placement"): the new
 * members come up, every deployment is carried onto them and runs, and only then are the old
 * deployments and members removed. The job re-sends itself while it waits, so a restart resumes.
 */

/** How often a waiting move looks again. */
const pollMs = 500;

export function replacementJob(context: ClusterContext) {
  return defineJob<ReplacementJob>('replace-smart-cluster', replacementJobSchema, (job) =>
    runReplacement(context, job),
  );
}

async function runReplacement(context: ClusterContext, job: ReplacementJob): Promise<void> {
  const { db } = context;
  const smart = await findSmartClusterRow(db, job.smartClusterId);
  if (!smart || smart.deleted || !smart.replacement) return;
  const { from, to, decision } = smart.replacement;
  const later = () => context.jobs.send(job, { startAfter: new Date(Date.now() + pollMs) });
  const members = await listMemberRows(db, { smartClusterId: smart.id });
  const fresh = members.filter(({ cluster }) => to.includes(cluster.id));
  // Every member it ran on carries its deployments over, the ones it keeps as well as the leaving.
  const earlier = members.flatMap(({ cluster }) => (to.includes(cluster.id) ? [] : [cluster.id]));
  if (fresh.some(({ cluster }) => isInProgress(cluster.status))) return later();
  const failed = fresh.filter(({ cluster }) => cluster.status === 'failure');
  if (failed.length > 0) {
    return abandon(context, smart, failed.map(({ cluster }) => cluster.statusReason).join(' '));
  }
  const steps = durableSteps(db, `replace/${smart.id}/${decision.decided_at}`);
  await steps.step('carry-deployments', () => context.deployments.carry(smart.id, earlier, to));
  if (await context.deployments.busyOn(db, to)) return later();
  await steps.step('remove-old-deployments', () => context.deployments.removeFrom(from));
  if (await context.deployments.busyOn(db, from)) return later();
  await inTransaction(context, (tx, send) => retire(context, tx, send, smart.id, decision));
  await steps.forget();
}

/** The old members go; the decision becomes the smart cluster's placement. */
async function retire(
  context: ClusterContext,
  tx: Database,
  send: SendClusterJob,
  smartClusterId: string,
  decision: PlacementDecision,
): Promise<void> {
  const { now } = context;
  const locked = await lockSmartCluster(tx, smartClusterId);
  if (!locked?.replacement) return;
  const { from } = locked.replacement;
  await changeSmartClusterRow(tx, smartClusterId, {
    replacement: null,
    placement: decision,
    candidates: decision.candidates,
    updatedAt: now(),
  });
  await insertPlacementRow(tx, smartClusterId, decision);
  const members = await listMemberRows(tx, { smartClusterId });
  const old = members.filter(({ cluster }) => from.includes(cluster.id));
  await startDeleting(context, tx, send, old);
  await settleSmartCluster(context, tx, smartClusterId);
}

async function startDeleting(
  context: ClusterContext,
  tx: Database,
  send: SendClusterJob,
  members: readonly MemberWithDatacenter[],
): Promise<void> {
  for (const { cluster } of members) {
    const row = await changeMemberRow(tx, cluster.id, {
      status: 'deleting',
      operationDeadline: null,
      updatedAt: context.now(),
    });
    await event(tx, row.userId, eventType('CLUSTER', 'DELETE', 'PENDING'), memberPayload(row));
    await send({ kind: 'delete-cluster', clusterId: row.id });
  }
}

/**
 * A new member failed: the move is given up, the new members are removed and the smart cluster
 * stays where it was, saying why.
 */
async function abandon(
  context: ClusterContext,
  smart: SmartClusterRow,
  failure: string,
): Promise<void> {
  const { now } = context;
  await inTransaction(context, async (tx, send) => {
    const locked = await lockSmartCluster(tx, smart.id);
    if (!locked?.replacement) return;
    const { to } = locked.replacement;
    const reason = `The move was given up and it stays where it was: ${failure}`.trim();
    const members = await listMemberRows(tx, { smartClusterId: smart.id });
    await startDeleting(
      context,
      tx,
      send,
      members.filter(({ cluster }) => to.includes(cluster.id)),
    );
    const row = await changeSmartClusterRow(tx, smart.id, {
      replacement: null,
      status: 'success',
      statusReason: reason,
      updatedAt: now(),
    });
    await event(
      tx,
      row.userId,
      eventType('SMART_CLUSTER', 'UPDATE', 'REJECTED'),
      smartPayload(row, reason),
    );
  });
}
