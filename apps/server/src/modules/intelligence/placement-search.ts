/**
 * The placement engine's search (architecture "Placement"): the cheapest set of candidates
 * covering 95 % of the demand's weight within the target, by branch and bound over the candidates
 * in order of cost. Bounded by a deadline: past it the search stops and answers the best set
 * found with a proven lower bound on the cheapest, so its gap is known.
 */

/** A partial set-cover instance: which demand points each candidate covers, weights, costs. */
export interface CoverProblem {
  /** Round trip from each demand point (row) to each candidate (column). */
  rtt: readonly (readonly number[])[];
  weights: readonly number[];
  costs: readonly number[];
  targetMs: number;
}

/** When the search stops: `now()` past `deadline` (same unit, e.g. performance.now()). */
export interface SearchDeadline {
  now: () => number;
  deadline: number;
  /** Branches between readings of the clock (default 256: a branch costs microseconds). */
  readEvery?: number;
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

/** The instance with candidates in order of cost, and what is covered on the current branch. */
interface SearchState {
  weights: readonly number[];
  /** Candidates' indexes, cheapest first; positions below index into this order. */
  order: number[];
  /** Cost of the candidate at each position. */
  cost: number[];
  /** Which points the candidate at each position covers. */
  covers: boolean[][];
  /** Which points the candidates from position k on could still cover. */
  reachable: boolean[][];
  goal: number;
  /** How many chosen candidates cover each point. */
  coveredBy: number[];
  coveredWeight: number;
}

function stateOf({ rtt, weights, costs, targetMs }: CoverProblem): SearchState {
  const order = costs.map((_, index) => index).sort((a, b) => costs[a]! - costs[b]!);
  const covers = order.map((j) => rtt.map((row) => row[j]! <= targetMs));
  return {
    weights,
    order,
    cost: order.map((j) => costs[j]!),
    covers,
    reachable: order.map((_, k) => rtt.map((_, i) => covers.slice(k).some((cover) => cover[i]))),
    goal: needed(weights.reduce((sum, weight) => sum + weight, 0)),
    coveredBy: new Array<number>(weights.length).fill(0),
    coveredWeight: 0,
  };
}

/** Chooses (step 1) or gives back (step -1) the candidate at `position`. */
function toggle(state: SearchState, position: number, step: 1 | -1): void {
  state.covers[position]!.forEach((hit, i) => {
    if (!hit) return;
    if (step === 1 && state.coveredBy[i] === 0) state.coveredWeight += state.weights[i]!;
    state.coveredBy[i]! += step;
    if (step === -1 && state.coveredBy[i] === 0) state.coveredWeight -= state.weights[i]!;
  });
}

/** What is covered now plus what the candidates from position k on could still add. */
function coverableFrom(state: SearchState, k: number): number {
  const { weights, coveredBy, reachable } = state;
  let sum = state.coveredWeight;
  for (let i = 0; i < weights.length; i++) {
    if (coveredBy[i] === 0 && reachable[k]![i]) sum += weights[i]!;
  }
  return sum;
}

/**
 * The cheapest set covering the goal, exact when it finishes: branches are pruned by the best
 * cost found and by what the remaining candidates could still cover. A greedy cover is the first
 * bound to beat (only strictly cheaper sets replace it, so the answer is the one the plain search
 * finds). Past the deadline, each branch left open is bounded (`dualBound`) instead of explored.
 */
export function cheapestCover(problem: CoverProblem, stop: SearchDeadline): CoverSearch {
  const state = stateOf(problem);
  const greedy = greedyCover(state);
  if (!greedy) return { set: undefined, lowerBound: Infinity, complete: true };
  // Above the greedy cost by a float's rounding: a set costing the same still replaces it.
  let best = { cost: greedy.cost + 1e-9 * Math.max(1, greedy.cost), set: greedy.set };
  const chosen: number[] = [];
  const readEvery = stop.readEvery ?? 256;
  let branches = 0;
  let stopped = false;
  let openBound = Infinity;

  function search(k: number, cost: number): void {
    if (cost >= best.cost) return;
    if (state.coveredWeight >= state.goal) {
      best = { cost, set: [...chosen] };
      return;
    }
    if (k === state.order.length || coverableFrom(state, k) < state.goal) return;
    if (stopped || (++branches % readEvery === 0 && stop.now() > stop.deadline)) {
      stopped = true;
      openBound = Math.min(openBound, cost + dualBound(state, k));
      return;
    }
    toggle(state, k, 1);
    chosen.push(state.order[k]!);
    search(k + 1, cost + state.cost[k]!);
    chosen.pop();
    toggle(state, k, -1);
    search(k + 1, cost);
  }
  search(0, 0);
  const cost = best.set.reduce((sum, index) => sum + problem.costs[index]!, 0);
  return { set: best.set, lowerBound: Math.min(cost, openBound), complete: !stopped };
}

/**
 * Adds the candidate with the most new weight per cost until the goal is met, then drops the
 * dearest candidates the goal does without. undefined: even every candidate falls short.
 */
function greedyCover(state: SearchState): { cost: number; set: number[] } | undefined {
  const { weights, covers, cost, goal } = state;
  const count = new Array<number>(weights.length).fill(0);
  let covered = 0;
  const change = (position: number, step: 1 | -1) =>
    covers[position]!.forEach((hit, i) => {
      if (!hit) return;
      if (step === 1 && count[i] === 0) covered += weights[i]!;
      count[i]! += step;
      if (step === -1 && count[i] === 0) covered -= weights[i]!;
    });
  const picked = new Set<number>();
  while (covered < goal) {
    let pick = { position: -1, value: 0 };
    covers.forEach((cover, position) => {
      const gain = weights.reduce((sum, w, i) => sum + (cover[i] && count[i] === 0 ? w : 0), 0);
      const value = gain / Math.max(cost[position]!, Number.MIN_VALUE);
      if (gain > 0 && value > pick.value) pick = { position, value };
    });
    if (pick.position === -1) return undefined;
    picked.add(pick.position);
    change(pick.position, 1);
  }
  for (const position of [...picked].sort((a, b) => b - a)) {
    change(position, -1);
    if (covered >= goal) picked.delete(position);
    else change(position, 1);
  }
  const positions = [...picked].sort((a, b) => a - b);
  return {
    cost: positions.reduce((sum, position) => sum + cost[position]!, 0),
    set: positions.map((position) => state.order[position]!),
  };
}

/** How many values of the dual's price λ `dualBound` tries, spread geometrically. */
const dualPriceSteps = 40;

/**
 * A lower bound on what a branch still has to spend (candidates from position k on), from the
 * dual of its linear relaxation: prices π on the uncovered points such that no candidate's points
 * are priced above its cost, each point at most λ × its weight, bound the cost by Σπ less λ × the
 * weight that may stay uncovered. Any such prices give a valid bound; they are set greedily
 * (points with the fewest candidates first) for a range of λ and the best bound is kept.
 */
function dualBound(state: SearchState, k: number): number {
  const { weights, covers, cost, coveredBy, goal, coveredWeight } = state;
  const missing = goal - coveredWeight;
  if (missing <= 0) return 0;
  const open = weights.map((_, i) => i).filter((i) => coveredBy[i] === 0);
  const positions = cost.map((_, position) => position).filter((position) => position >= k);
  const coveringOf = open.map((i) => positions.filter((position) => covers[position]![i]));
  const byScarcity = open
    .map((_, n) => n)
    .sort((a, b) => coveringOf[a]!.length - coveringOf[b]!.length);
  const slack = open.reduce((sum, i) => sum + weights[i]!, 0) - missing;
  const lightest = Math.min(...open.map((i) => weights[i]!));
  const low = Math.min(...positions.map((p) => cost[p]!)) / (missing + slack);
  const high = Math.max(...positions.map((p) => cost[p]!)) / lightest;
  let bound = 0;
  for (let step = 0; step <= dualPriceSteps; step++) {
    const price = low * (high / low) ** (step / dualPriceSteps);
    const budget = [...cost];
    let priced = 0;
    for (const n of byScarcity) {
      let value = price * weights[open[n]!]!;
      for (const position of coveringOf[n]!) value = Math.min(value, budget[position]!);
      for (const position of coveringOf[n]!) budget[position]! -= value;
      priced += value;
    }
    bound = Math.max(bound, priced - price * slack);
  }
  return bound;
}
