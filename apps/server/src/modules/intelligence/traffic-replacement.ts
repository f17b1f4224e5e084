import type { PlacementDecision } from '@meridian/domain/clusters/placement-decision';
import {
  cents,
  decisionOf,
  engineInput,
  listOf,
  locationsOf,
  tenths,
  type PlacementRequest,
} from './automatic-placement';
import { evaluatePlacement, type Placement } from './placement';

/** How much better another set must be before a smart cluster moves (architecture "Placement"). */
export const replacementThresholds = {
  /** Meeting the same target, it must cost at least this much less. */
  cheaperBy: 0.1,
  /** Missing a target no set meets, it must bring the p95 down by at least this much. */
  fasterBy: 0.1,
} as const;

export interface ReplacementVerdict {
  /** The new placement, kept in the smart cluster's history once it runs there. */
  decision: PlacementDecision;
  /** What the user is told, in plain words. */
  notice: string;
}

/** Whether two lists of datacenter uuids name the same datacenters. */
export function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item) => b.includes(item));
}

/**
 * Whether an AUTOMATIC smart cluster running on `current` should move for the demand it now sees
 * (the request's demand, from its observed traffic; `placement` the engine's answer for it): when
 * its target is missed and another set meets it (or, if none can, comes 10 % closer), or when
 * another set meets it for 10 % less. null: it stays where it is.
 */
export function judgeReplacement(
  request: PlacementRequest,
  placement: Placement,
  current: readonly string[],
  decidedAt: Date,
): ReplacementVerdict | null {
  const input = engineInput(request);
  if (sameSet(placement.datacenters, current)) return null;
  const now = evaluatePlacement(input, current);
  const missed = now.p95LatencyMs > request.latency;
  const { cheaperBy, fasterBy } = replacementThresholds;
  const cheaper = placement.monthlyCost <= (1 - cheaperBy) * now.monthlyCost;
  const move = placement.feasible
    ? missed || cheaper
    : missed && placement.p95LatencyMs <= (1 - fasterBy) * now.p95LatencyMs;
  if (!move) return null;
  const before = `p95 ${tenths(now.p95LatencyMs)} ms for $${cents(now.monthlyCost).toFixed(2)} a month`;
  const why = missed
    ? `its users moved, and ${listOf(locationsOf(request, current))} no longer met the ${request.latency} ms target`
    : `the same target is met for ${Math.round((1 - placement.monthlyCost / now.monthlyCost) * 100)} % less`;
  const decision = decisionOf(request, placement, 'traffic', decidedAt);
  return {
    decision: { ...decision, reason: `${decision.reason} Before the move: ${before}.` },
    notice:
      `Moving to ${listOf(locationsOf(request, placement.datacenters))}: ` +
      `p95 ${tenths(now.p95LatencyMs)} → ${tenths(placement.p95LatencyMs)} ms, ` +
      `$${cents(now.monthlyCost).toFixed(2)} → $${cents(placement.monthlyCost).toFixed(2)} a month ` +
      `(${why}).`,
  };
}
