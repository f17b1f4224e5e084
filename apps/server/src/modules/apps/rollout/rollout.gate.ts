import type { Status } from '@meridian/domain/status';
import type { RolloutRow, RolloutStepRow } from '../../../platform/db/schema/apps';

/**
 * The health gate of one location of a progressive rollout (docs/deployment-lifecycle.md): its
 * rollout must become available, then its error rate over the bake time may not pass the previous
 * version's by more than the rollout's margin. Pure: the job reads, this decides, the job writes.
 */

/** Errors over requests of some traffic; rate null when it served none. */
export interface ErrorRate {
  requests: number;
  errors: number;
  rate: number | null;
}

export interface StepFacts {
  /** The location's deployment status and its reason. */
  status: Status;
  statusReason: string | null;
  now: Date;
  /** Read only once the bake time is over. */
  rates?: { observed: ErrorRate; baseline: ErrorRate };
}

export type StepMove =
  | { kind: 'start' }
  | { kind: 'wait'; untilMs: number }
  | { kind: 'bake'; until: Date }
  | { kind: 'judge' }
  | { kind: 'pass'; observedRate: number | null; baselineRate: number | null }
  | { kind: 'fail'; reason: string; observedRate?: number | null; baselineRate?: number | null };

/** How often a location still rolling out or baking is looked at again. */
export const recheckMs = 2_000;

export function nextMove(
  rollout: Pick<RolloutRow, 'bakeSeconds' | 'errorMargin'>,
  step: Pick<RolloutStepRow, 'state' | 'location' | 'bakeUntil'>,
  facts: StepFacts,
): StepMove {
  const now = facts.now.getTime();
  if (step.state === 'waiting') return { kind: 'start' };
  if (facts.status === 'failure') {
    const why = facts.statusReason ?? 'its rollout failed.';
    return { kind: 'fail', reason: `${step.location}: ${why}` };
  }
  if (step.state === 'rolling') {
    if (facts.status !== 'success') return { kind: 'wait', untilMs: now + recheckMs };
    return { kind: 'bake', until: new Date(now + rollout.bakeSeconds * 1000) };
  }
  const bakeEnd = step.bakeUntil?.getTime() ?? now;
  if (now < bakeEnd) return { kind: 'wait', untilMs: Math.min(bakeEnd, now + recheckMs) };
  if (!facts.rates) return { kind: 'judge' };
  return judgeErrorRate(rollout, step.location, facts.rates);
}

/** Passes unless the new version's error rate here beats the old one's by more than the margin. */
export function judgeErrorRate(
  rollout: Pick<RolloutRow, 'errorMargin'>,
  location: string,
  { observed, baseline }: { observed: ErrorRate; baseline: ErrorRate },
): StepMove {
  const rates = { observedRate: observed.rate, baselineRate: baseline.rate };
  // Too little traffic over the bake time says nothing of the new version (placement's bound too).
  if (observed.rate === null || observed.requests < leastRequestsJudged) {
    return { kind: 'pass', ...rates };
  }
  const allowed = Math.min(1, (baseline.rate ?? 0) + rollout.errorMargin);
  if (!beyondChance(observed, allowed)) return { kind: 'pass', ...rates };
  return {
    kind: 'fail',
    ...rates,
    reason:
      `${location}: ${percent(observed.rate)} of ${observed.requests} requests failed over the ` +
      `bake time, against ${percent(baseline.rate ?? 0)} for the previous version ` +
      `(at most ${percent(rollout.errorMargin)} more is allowed).`,
  };
}

/** Fewer requests than this are not judged: one error among a handful is chance, not a bad version. */
export const leastRequestsJudged = 20;

/**
 * Whether the errors pass what `allowed` would give by more than chance: three binomial standard
 * deviations above the expected count, so a short bake's noise never halts a healthy version.
 */
function beyondChance(observed: ErrorRate, allowed: number): boolean {
  const expected = observed.requests * allowed;
  const spread = Math.sqrt(observed.requests * allowed * (1 - allowed));
  return observed.errors > expected + 3 * spread;
}

function percent(rate: number): string {
  return `${(rate * 100).toFixed(1)} %`;
}
