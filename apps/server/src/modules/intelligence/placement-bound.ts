import type { CoverInstance } from './placement-cover';

/**
 * Lower bounds on what a node of the placement search still has to spend. Two, cheapest first:
 * a fractional knapsack (each open candidate's new weight as if no two overlapped), and the
 * Lagrangian relaxation of "a point counts only when a chosen candidate covers it", whose best
 * prices reach the linear relaxation's bound (within about 4 % of the cheapest on the hard
 * low-latency instances, where the knapsack was at half). Any prices give a valid bound.
 */

/** A node of the search: which candidates are chosen, left out or open, and what is covered. */
export interface SearchNode {
  instance: CoverInstance;
  /** Per candidate: 1 chosen, -1 left out, 0 open. */
  status: Int8Array;
  /** How many chosen candidates cover each point. */
  coveredBy: Int32Array;
  coveredWeight: number;
}

/** Uncovered points some open candidate covers: the only ones the rest of the search can add. */
export function openPoints({ instance, status, coveredBy }: SearchNode): number[] {
  return instance.weights.flatMap((_, i) =>
    coveredBy[i] === 0 && instance.coverers[i]!.some((j) => status[j] === 0) ? [i] : [],
  );
}

/** The weight an open candidate would add now. */
function gainOf({ instance, coveredBy }: SearchNode, j: number): number {
  let gain = 0;
  for (const i of instance.covers[j]!) if (coveredBy[i] === 0) gain += instance.weights[i]!;
  return gain;
}

/** The open candidate adding the most weight per cost (-1: none adds any). */
export function bestRatio(node: SearchNode): number {
  let pick = { j: -1, value: 0 };
  node.instance.costs.forEach((cost, j) => {
    if (node.status[j] !== 0) return;
    const gain = gainOf(node, j);
    const value = gain / Math.max(cost, Number.MIN_VALUE);
    if (gain > 0 && value > pick.value) pick = { j, value };
  });
  return pick.j;
}

/** Open candidates bought fractionally, best weight per cost first, until `missing` is met. */
export function knapsackBound(node: SearchNode, missing: number): number {
  const { costs } = node.instance;
  const open = costs.flatMap((_, j) => (node.status[j] === 0 ? [j] : []));
  const gains = open.map((j) => gainOf(node, j));
  const order = open
    .map((_, n) => n)
    .sort((a, b) => costs[open[a]!]! * gains[b]! - costs[open[b]!]! * gains[a]!);
  let bound = 0;
  let left = missing;
  for (const n of order) {
    const cost = costs[open[n]!]!;
    if (gains[n]! >= left) return bound + cost * (left / gains[n]!);
    bound += cost;
    left -= gains[n]!;
  }
  return Infinity;
}

/** The relaxation at one set of prices: its bound, each open candidate's reduced cost, a subgradient. */
interface Relaxed {
  bound: number;
  /** Cost less the prices of the open points it covers; negative: the relaxation takes it. */
  reduced: Float64Array;
  /** Per open point (in `open`'s order): its share taken less the candidates taken covering it. */
  slope: Float64Array;
}

function relax(
  node: SearchNode,
  open: readonly number[],
  missing: number,
  prices: Float64Array,
): Relaxed {
  const { costs, covers, coverers, weights } = node.instance;
  const reduced = new Float64Array(costs.length);
  let bound = 0;
  costs.forEach((cost, j) => {
    if (node.status[j] !== 0) return;
    let priced = 0;
    for (const i of covers[j]!) if (node.coveredBy[i] === 0) priced += prices[i]!;
    reduced[j] = cost - priced;
    if (reduced[j]! < 0) bound += reduced[j]!;
  });
  // The cheapest weight to count at these prices: a fractional knapsack over the open points.
  const order = open
    .map((_, n) => n)
    .sort(
      (a, b) => prices[open[a]!]! * weights[open[b]!]! - prices[open[b]!]! * weights[open[a]!]!,
    );
  const share = new Float64Array(open.length);
  let left = missing;
  for (const n of order) {
    if (left <= 0) break;
    const i = open[n]!;
    share[n] = Math.min(1, left / weights[i]!);
    bound += prices[i]! * share[n]!;
    left -= share[n]! * weights[i]!;
  }
  const slope = share.map((taken, n) => {
    let rest = taken;
    for (const j of coverers[open[n]!]!) if (node.status[j] === 0 && reduced[j]! < 0) rest -= 1;
    return rest;
  });
  return { bound, reduced, slope };
}

/** Starting prices: the weight's share of an affordable cover's cost. */
export function initialPrices(instance: CoverInstance, affordable: number): Float64Array {
  const perWeight = affordable / Math.max(instance.goal, Number.MIN_VALUE);
  return Float64Array.from(instance.weights, (weight) => weight * perWeight);
}

/**
 * The best bound found by subgradient ascent from `prices` (left at the best prices found), and
 * the reduced costs there. Stops early once the bound reaches `room` (the node is pruned) or the
 * prices settle. Steps are Polyak's, towards `room`, halved after three without progress.
 */
export function lagrangianBound(
  node: SearchNode,
  open: readonly number[],
  missing: number,
  prices: Float64Array,
  { room, iterations }: { room: number; iterations: number },
): { bound: number; reduced: Float64Array } {
  let best = relax(node, open, missing, prices);
  const bestPrices = prices.slice();
  let current = best;
  let scale = 1;
  let stalled = 0;
  // Five halvings without progress: the prices have settled.
  for (let step = 1; step < iterations && best.bound < room && scale > 1 / 32; step++) {
    const norm = current.slope.reduce((sum, slope) => sum + slope * slope, 0);
    if (norm === 0) break;
    const gap = Number.isFinite(room) ? room - current.bound : 1 + Math.abs(current.bound);
    const length = (scale * Math.max(gap, 1e-9 * Math.abs(current.bound))) / norm;
    open.forEach((i, n) => {
      prices[i] = Math.max(0, prices[i]! + length * current.slope[n]!);
    });
    current = relax(node, open, missing, prices);
    if (current.bound > best.bound) {
      best = current;
      bestPrices.set(prices);
      stalled = 0;
    } else if (++stalled === 3) {
      scale /= 2;
      stalled = 0;
    }
  }
  prices.set(bestPrices);
  return { bound: best.bound, reduced: best.reduced };
}
