import type { Database } from '../../../platform/db/database';
import { defineJob } from '../../../platform/jobs/job-queue';
import { crashPoint } from '../../../platform/jobs/crash-points';
import { roundId } from '../../../platform/jobs/periodic-round';
import { deploymentWork } from '../deployment/deployment.records';
import { errorRateOf } from '../../intelligence/intelligence.public';
import { nextMove, type ErrorRate, type StepMove } from './rollout.gate';
import {
  inRolloutTransaction,
  rolloutJobSchema,
  type RolloutContext,
  type RolloutJob,
  type Sender,
} from './rollout.context';
import { changeRollout, changeStep, findRollout } from './rollout.queries';
import { endRollout, haltAt, startStep } from './rollout.steps';
import type { RolloutRow, RolloutStepRow } from '../../../platform/db/schema/apps';

/** The rollout job, for the one queue: each run takes at most one step and re-sends itself. */
export function rolloutJobs(context: RolloutContext) {
  return [
    defineJob<RolloutJob>('advance-rollout', rolloutJobSchema, (job) =>
      advanceRollout(context, job.rolloutId),
    ),
  ];
}

/** How far back the previous version's error rate is read, before the rollout began. */
const baselineLookbackMs = 3_600_000;

/** The first location not yet finished. */
export function currentStep(steps: readonly RolloutStepRow[]): RolloutStepRow | undefined {
  return steps.find((step) => ['waiting', 'rolling', 'baking'].includes(step.state));
}

/** Looks at the rollout's current location and moves it on; safe to run again after a crash. */
export async function advanceRollout(context: RolloutContext, rolloutId: string): Promise<void> {
  const found = await findRollout(context.db, rolloutId);
  if (!found || found.rollout.status !== 'running') return;
  const step = currentStep(found.steps);
  let move: StepMove | { kind: 'complete' } | { kind: 'gone' } = { kind: 'complete' };
  if (step) {
    const work = await deploymentWork(context.db, step.deploymentId);
    if (!work || work.cluster.deleted) {
      move = { kind: 'gone' };
    } else {
      const facts = {
        status: work.deployment.status,
        statusReason: work.deployment.statusReason,
        now: context.now(),
      };
      move = nextMove(found.rollout, step, facts);
      if (move.kind === 'judge') {
        const rates = await ratesOf(context.db, found.rollout, found.steps, step, facts.now);
        move = nextMove(found.rollout, step, { ...facts, rates });
      }
    }
  }
  // Test-only kill (crash matrix): the move is decided, not yet made.
  crashPoint('move-decided');
  await inRolloutTransaction(context, async (tx, send) => {
    const locked = await findRollout(tx, rolloutId, true);
    if (!locked || locked.rollout.status !== 'running') return;
    const now = currentStep(locked.steps);
    // Another run moved it meanwhile (a duplicate job, or pause and resume): look again.
    if (now?.position !== step?.position || now?.state !== step?.state) {
      return sendAfter(send, rolloutId, context.now().getTime());
    }
    await applyMove(context, tx, send, locked.rollout, locked.steps, step, move);
  });
}

async function applyMove(
  context: RolloutContext,
  tx: Database,
  send: Sender,
  rollout: RolloutRow,
  steps: readonly RolloutStepRow[],
  step: RolloutStepRow | undefined,
  move: StepMove | { kind: 'complete' } | { kind: 'gone' },
): Promise<void> {
  const now = context.now();
  if (move.kind === 'complete' || !step) return endRollout(context, tx, rollout, 'completed');
  switch (move.kind) {
    case 'gone':
      await changeStep(tx, rollout.id, step.position, {
        state: 'skipped',
        finishedAt: now,
        reason: `${step.location}: the deployment is no longer there.`,
      });
      return sendAfter(send, rollout.id, now.getTime());
    case 'start':
      await startStep(context, tx, send, rollout, steps, step);
      return sendAfter(send, rollout.id, now.getTime() + 1_000);
    case 'wait':
      return sendAfter(send, rollout.id, move.untilMs);
    case 'bake':
      await changeStep(tx, rollout.id, step.position, { state: 'baking', bakeUntil: move.until });
      return sendAfter(send, rollout.id, Math.min(move.until.getTime(), now.getTime() + 2_000));
    case 'judge':
      return sendAfter(send, rollout.id, now.getTime() + 1_000);
    case 'pass':
      await changeStep(tx, rollout.id, step.position, {
        state: 'done',
        finishedAt: now,
        observedErrorRate: move.observedRate,
        baselineErrorRate: move.baselineRate,
      });
      await changeRollout(tx, rollout.id, { updatedAt: now });
      return sendAfter(send, rollout.id, now.getTime());
    case 'fail':
      return haltAt(context, tx, send, rollout, steps, step, move);
  }
}

/** The new version's error rate here over the bake time, and the old one's before and during. */
async function ratesOf(
  db: Database,
  rollout: RolloutRow,
  steps: readonly RolloutStepRow[],
  step: RolloutStepRow,
  now: Date,
) {
  const bakeStart = new Date((step.bakeUntil ?? now).getTime() - rollout.bakeSeconds * 1000);
  const observed = await errorRateOf(db, {
    deploymentIds: [step.deploymentId],
    versionId: rollout.toVersionId,
    from: bakeStart,
    to: now,
  });
  const baseline = await previousVersionsRate(db, rollout, steps, now);
  return { observed, baseline };
}

/** The error rate of every location's previous version, from an hour before the rollout began. */
async function previousVersionsRate(
  db: Database,
  rollout: RolloutRow,
  steps: readonly RolloutStepRow[],
  now: Date,
): Promise<ErrorRate> {
  const byVersion = new Map<string, string[]>();
  for (const step of steps) {
    const versionId = step.fromVersionId ?? rollout.fromVersionId;
    byVersion.set(versionId, [...(byVersion.get(versionId) ?? []), step.deploymentId]);
  }
  const from = new Date(rollout.createdAt.getTime() - baselineLookbackMs);
  let requests = 0;
  let errors = 0;
  for (const [versionId, deploymentIds] of byVersion) {
    const rate = await errorRateOf(db, { deploymentIds, versionId, from, to: now });
    requests += rate.requests;
    errors += rate.errors;
  }
  return { requests, errors, rate: requests > 0 ? errors / requests : null };
}

/** Queues the next look at the rollout; one job per rollout and second however many runs ask. */
export function sendAfter(send: Sender, rolloutId: string, atMs: number): Promise<void> {
  const slot = Math.ceil(atMs / 1000);
  return send(
    { kind: 'advance-rollout', rolloutId },
    { startAfter: new Date(slot * 1000), id: roundId(`advance-rollout/${rolloutId}`, 1000, slot) },
  );
}
