import { eventType, type EventOutcome } from '@meridian/domain/events/event-catalogue';
import { recordAudit } from '../../../platform/audit-log';
import type { Database } from '../../../platform/db/database';
import type { HistoryActor } from '../../../platform/http/request-actor';
import { ownApp } from '../app/app.records';
import { ownLiveSmartCluster } from '../../clusters/clusters.public';
import { payloadOf } from '../deployment/deployment.events';
import { deploymentWork } from '../deployment/deployment.records';
import { recordEvent } from '../../account/account.public';
import { historyLocationOf, recordHistory } from '../history/history.records';
import { ownVersion } from '../version/version.records';
import type { RolloutContext, Sender } from './rollout.context';
import { changeRollout, changeStep } from './rollout.queries';
import type { DeploymentJob } from '../deployment/deployment-job-kinds';
import { startVersionChange } from '../deployment/deployment.rollout';
import { updateHistoryOutcome } from '../history/history.queries';
import type {
  HistoryOutcome,
  RolloutRow,
  RolloutStatus,
  RolloutStepRow,
} from '../../../platform/db/schema/apps';

/** The writes of a rollout's steps: a location started, rolled back, the rollout ended. */

/** Who acts when Meridian itself moves or rolls back a location. */
export const rolloutActor: HistoryActor = { kind: 'meridian', name: 'Progressive rollout' };

async function tellUser(
  tx: Database,
  rollout: RolloutRow,
  outcome: EventOutcome,
  versionId: string,
  reason: string,
  rolloutOutcome?: 'halted' | 'aborted',
): Promise<void> {
  const { userId } = rollout;
  const app = await ownApp(tx, userId, rollout.appId).catch(() => undefined);
  const smart = await ownLiveSmartCluster(tx, userId, rollout.smartClusterId).catch(
    () => undefined,
  );
  if (!app || !smart) return;
  const version = await ownVersion(tx, userId, versionId).catch(() => undefined);
  await recordEvent(tx, {
    userId,
    type: eventType('APP', 'UPDATE', outcome),
    payload: {
      ...payloadOf(app, smart, version, reason),
      ...(rolloutOutcome ? { rollout_outcome: rolloutOutcome } : {}),
    },
  });
}

/** Points one location at the new version: its rollout starts, a history entry and an event say so. */
export async function startStep(
  context: RolloutContext,
  tx: Database,
  send: Sender,
  rollout: RolloutRow,
  steps: readonly RolloutStepRow[],
  step: RolloutStepRow,
): Promise<void> {
  const work = await deploymentWork(tx, step.deploymentId);
  const target = await ownVersion(tx, rollout.userId, rollout.toVersionId).catch(() => undefined);
  if (!work || !target) {
    const reason = !target
      ? 'The version being rolled out was deleted.'
      : 'The deployment is gone.';
    return endRollout(context, tx, rollout, 'halted', reason);
  }
  await startVersionChange(context, tx, send, work, target);
  await changeStep(tx, rollout.id, step.position, { state: 'rolling', startedAt: context.now() });
  const detail = `Step ${step.position + 1} of ${steps.length}: ${step.location}.`;
  await recordHistory(tx, {
    userId: rollout.userId,
    appId: rollout.appId,
    action: target.createdAt < work.version.createdAt ? 'rolled_back' : 'version_changed',
    version: target,
    fromVersion: work.version,
    smartCluster: work.smartCluster,
    actor: rolloutActor,
    detail,
    locations: [historyLocationOf(work)],
  });
  await changeRollout(tx, rollout.id, { updatedAt: context.now() });
  await tellUser(tx, rollout, 'PENDING', target.id, `${target.name} is rolling out. ${detail}`);
}

/**
 * Puts one location back on the version it ran before the rollout (its deployment may be mid-way
 * to the new one), as a history entry of its own.
 */
export async function rollBackLocation(
  context: Pick<RolloutContext, 'secrets' | 'now'>,
  tx: Database,
  send: (job: DeploymentJob) => Promise<void>,
  rollout: RolloutRow,
  step: RolloutStepRow,
  actor: HistoryActor,
  reason: string,
): Promise<void> {
  await changeStep(tx, rollout.id, step.position, {
    state: 'rolled_back',
    finishedAt: context.now(),
    reason,
  });
  const work = await deploymentWork(tx, step.deploymentId);
  const previousId = step.fromVersionId ?? rollout.fromVersionId;
  const previous = await ownVersion(tx, rollout.userId, previousId).catch(() => undefined);
  if (!work || work.cluster.deleted || !previous || work.version.id === previous.id) return;
  await startVersionChange(context, tx, send, work, previous);
  await recordHistory(tx, {
    userId: rollout.userId,
    appId: rollout.appId,
    action: 'rolled_back',
    version: previous,
    fromVersion: work.version,
    smartCluster: work.smartCluster,
    actor,
    detail: reason,
    locations: [historyLocationOf(work)],
  });
}

/** A gate failed: that location goes back, the ones left are skipped, the rollout halts. */
export async function haltAt(
  context: RolloutContext,
  tx: Database,
  send: Sender,
  rollout: RolloutRow,
  steps: readonly RolloutStepRow[],
  step: RolloutStepRow,
  failure: { reason: string; observedRate?: number | null; baselineRate?: number | null },
): Promise<void> {
  await changeStep(tx, rollout.id, step.position, {
    observedErrorRate: failure.observedRate ?? null,
    baselineErrorRate: failure.baselineRate ?? null,
  });
  await rollBackLocation(context, tx, send, rollout, step, rolloutActor, failure.reason);
  // Meridian acted on its own: the audit log says so, in the same transaction.
  await recordAudit(tx, {
    at: context.now(),
    actor: { type: 'meridian', id: null, name: rolloutActor.name },
    action: 'deployment.rollback',
    target: { type: 'deployment', id: step.deploymentId, name: step.location },
    accountUserId: rollout.userId,
    result: 'success',
  });
  await skipWaiting(context, tx, rollout, steps, 'The rollout halted before this location.');
  await endRollout(context, tx, rollout, 'halted', `Halted at ${step.location}. ${failure.reason}`);
}

export async function skipWaiting(
  context: Pick<RolloutContext, 'now'>,
  tx: Database,
  rollout: RolloutRow,
  steps: readonly RolloutStepRow[],
  reason: string,
): Promise<void> {
  for (const waiting of steps.filter((each) => each.state === 'waiting')) {
    await changeStep(tx, rollout.id, waiting.position, {
      state: 'skipped',
      finishedAt: context.now(),
      reason,
    });
  }
}

/** How a completed rollout reads: a rollback is back on an older version, not on a new one. */
async function completionSentence(tx: Database, rollout: RolloutRow): Promise<string> {
  const to = await ownVersion(tx, rollout.userId, rollout.toVersionId).catch(() => undefined);
  const from = await ownVersion(tx, rollout.userId, rollout.fromVersionId).catch(() => undefined);
  if (!to) return 'Every location runs the version rolled out.';
  return from && to.createdAt < from.createdAt
    ? `Every location is back on ${to.name}.`
    : `Every location runs the new version, ${to.name}.`;
}

const endings: Record<
  Exclude<RolloutStatus, 'running' | 'paused'>,
  { outcome: HistoryOutcome; event: EventOutcome }
> = {
  completed: { outcome: 'success', event: 'FULFILLED' },
  halted: { outcome: 'halted', event: 'REJECTED' },
  aborted: { outcome: 'aborted', event: 'REJECTED' },
};

/** The rollout's end: its status, its history entry's outcome and the event saying how it went. */
export async function endRollout(
  context: Pick<RolloutContext, 'now'>,
  tx: Database,
  rollout: RolloutRow,
  status: Exclude<RolloutStatus, 'running' | 'paused'>,
  reason?: string,
): Promise<void> {
  const ending = endings[status];
  const said = reason ?? (await completionSentence(tx, rollout));
  await changeRollout(tx, rollout.id, { status, reason: said, updatedAt: context.now() });
  if (rollout.historyId) await updateHistoryOutcome(tx, rollout.historyId, ending.outcome, said);
  const versionId = status === 'completed' ? rollout.toVersionId : rollout.fromVersionId;
  const unfinished = status === 'completed' ? undefined : status;
  await tellUser(tx, rollout, ending.event, versionId, said, unfinished);
}
