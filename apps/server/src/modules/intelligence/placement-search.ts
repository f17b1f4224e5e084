import {
  bestRatio,
  initialPrices,
  knapsackBound,
  lagrangianBound,
  openPoints,
  type SearchNode,
} from './placement-bound';
import { costOf, coverInstance, greedyCover, type CoverInstance } from './placement-cover';

/**
 * The placement engine's search (architecture "Placement"): the cheapest set of candidates
 * covering 95 % of the demand's weight within the target, by branch and bound on the reduced
 * instance (`placement-cover.ts`) with Lagrangian bounds (`placement-bound.ts`). Bounded by a
 * deadline: past it the search stops and answers the best set found with a proven lower bound on
 * the cheapest, so its gap is known.
 */

/** A partial set-cover instance: which demand points each candidate covers, weights, costs. */
export interface CoverProblem {
  /** Round trip from each demand point (row) to each candidate (column). */
  rtt: readonly (readonly number[])[];
  weights: readonly number[];
  costs: readonly number[];
  targetMs: number;
}

/** When the search stops: `now()` past `deadline` (same unit, e.g. performance.now()), read once a node. */
export interface SearchDeadline {
  now: () => number;
  deadline: number;
}

export interface CoverSearch {
  /** Indexes of the chosen candidates; undefined when no set covers the goal. */
  set: number[] | undefined;
  /** No covering set costs less: the set's own cost when the search finished. */
  lowerBound: number;
  /** Whether the search finished (the set is the cheapest) or stopped at its deadline. */
  complete: boolean;
}

/** 95 % of the weight, less a rounding allowance (relative: weights may be tiny) for float sums. */
export function needed(total: number): number {
  return (0.95 - 1e-9) * total;
}

/**
 * Subgradient steps at the root, where the prices start, and at each node after (from its
 * parent's). More at either made the 50 × 200 and 100 × 200 benches slower, not surer.
 */
const rootIterations = 30;
const nodeIterations = 5;

/** A node's bound must come under the best cost by this much: equal costs are not worth a branch. */
const cutoff = (cost: number) => cost - 1e-9 * Math.max(1, Math.abs(cost));

interface Search extends SearchNode {
  stop: SearchDeadline;
  chosen: number[];
  best: { cost: number; set: number[] };
  /** Set once the deadline passed; `openBound` then bounds every branch left unexplored. */
  stopped: boolean;
  openBound: number;
}

function toggle(search: Search, j: number, step: 1 | -1): void {
  const { covers, weights } = search.instance;
  for (const i of covers[j]!) {
    if (step === 1 && search.coveredBy[i] === 0) search.coveredWeight += weights[i]!;
    search.coveredBy[i]! += step;
    if (step === -1 && search.coveredBy[i] === 0) search.coveredWeight -= weights[i]!;
  }
}

/** Keeps `set` when it is cheaper than the best so far. */
function offer(search: Search, set: readonly number[] | undefined): void {
  if (!set) return;
  const cost = costOf(search.instance, set);
  if (cost < cutoff(search.best.cost)) search.best = { cost, set: [...set] };
}

/**
 * The node's lower bound (its cost so far included) and the reduced costs there; undefined when
 * the node can be pruned: it covers too little, or cannot beat the best set found.
 */
function boundNode(
  search: Search,
  spent: number,
  prices: Float64Array,
  root: boolean,
): { bound: number; reduced: Float64Array } | undefined {
  const missing = search.instance.goal - search.coveredWeight;
  const open = openPoints(search);
  const reachable = open.reduce((sum, i) => sum + search.instance.weights[i]!, 0);
  const room = cutoff(search.best.cost) - spent;
  if (reachable < missing || knapsackBound(search, missing) >= room) return undefined;
  const iterations = root ? rootIterations : nodeIterations;
  const relaxed = lagrangianBound(search, open, missing, prices, { room, iterations });
  if (relaxed.bound >= room) return undefined;
  return { bound: spent + relaxed.bound, reduced: relaxed.reduced };
}

/**
 * Explores the node (its candidates so far cost `spent`; `inherited` bounds it, from its parent;
 * the root has none). Chooses first the candidate the relaxation wants most, so the first dive is
 * a good cover.
 */
function explore(
  search: Search,
  spent: number,
  parentPrices: Float64Array,
  inherited: number | 'root',
): void {
  if (spent >= cutoff(search.best.cost)) return;
  if (search.coveredWeight >= search.instance.goal) {
    search.best = { cost: spent, set: [...search.chosen] };
    return;
  }
  if (search.stopped) {
    search.openBound = Math.min(search.openBound, inherited === 'root' ? 0 : inherited);
    return;
  }
  const prices = parentPrices.slice();
  const node = boundNode(search, spent, prices, inherited === 'root');
  if (!node) return;
  if (search.stop.now() > search.stop.deadline) {
    search.stopped = true;
    search.openBound = Math.min(search.openBound, node.bound);
    return;
  }
  const { status, instance } = search;
  const taken = instance.costs.flatMap((_, j) =>
    status[j] === 0 && node.reduced[j]! < 0 ? [j] : [],
  );
  // A cover near the relaxation's choice: often the best set, found long before the search ends.
  offer(
    search,
    greedyCover(instance, [...search.chosen, ...taken], (j) => status[j] === -1),
  );
  if (node.bound >= cutoff(search.best.cost)) return;
  // A candidate whose reduced cost alone lifts the bound past the best set is never worth adding.
  const room = cutoff(search.best.cost);
  const leftOut = instance.costs.flatMap((_, j) =>
    status[j] === 0 && node.reduced[j]! >= 0 && node.bound + node.reduced[j]! >= room ? [j] : [],
  );
  for (const j of leftOut) status[j] = -1;
  const next = taken.length > 0 ? mostWanted(taken, node.reduced, status) : bestRatio(search);
  if (next !== -1) branchOn(search, next, spent, prices, node.bound);
  for (const j of leftOut) status[j] = 0;
}

/** Of the candidates the relaxation takes, the open one with the lowest reduced cost (-1: none). */
function mostWanted(taken: readonly number[], reduced: Float64Array, status: Int8Array): number {
  let pick = -1;
  for (const j of taken) {
    if (status[j] === 0 && (pick === -1 || reduced[j]! < reduced[pick]!)) pick = j;
  }
  return pick;
}

function branchOn(
  search: Search,
  j: number,
  spent: number,
  prices: Float64Array,
  bound: number,
): void {
  search.status[j] = 1;
  toggle(search, j, 1);
  search.chosen.push(j);
  explore(search, spent + search.instance.costs[j]!, prices, bound);
  search.chosen.pop();
  toggle(search, j, -1);
  search.status[j] = -1;
  explore(search, spent, prices, bound);
  search.status[j] = 0;
}

/** Where the search starts: nothing chosen, a greedy cover to beat. undefined: no set covers the goal. */
function startOn(instance: CoverInstance, stop: SearchDeadline): Search | undefined {
  const greedy = greedyCover(instance, []);
  if (!greedy) return undefined;
  return {
    instance,
    stop,
    status: new Int8Array(instance.costs.length),
    coveredBy: new Int32Array(instance.weights.length),
    coveredWeight: 0,
    chosen: [],
    best: { cost: costOf(instance, greedy), set: greedy },
    stopped: false,
    openBound: Infinity,
  };
}

/** The cheapest set covering the goal, exact when it finishes; past the deadline, the best found. */
export function cheapestCover(problem: CoverProblem, stop: SearchDeadline): CoverSearch {
  const { rtt, weights, costs, targetMs } = problem;
  const hits = costs.map((_, j) => rtt.map((row) => row[j]! <= targetMs));
  const goal = needed(weights.reduce((sum, weight) => sum + weight, 0));
  const instance = coverInstance(hits, weights, costs, goal);
  const search = startOn(instance, stop);
  if (!search) return { set: undefined, lowerBound: Infinity, complete: true };
  explore(search, 0, initialPrices(instance, search.best.cost), 'root');
  const set = search.best.set.map((j) => instance.original[j]!).sort((a, b) => a - b);
  const cost = set.reduce((sum, j) => sum + costs[j]!, 0);
  return { set, lowerBound: Math.min(cost, search.openBound), complete: !search.stopped };
}
