/**
 * The partial set cover the placement search solves, reduced before the search: a candidate
 * covering no more than a cheaper (or equally cheap, earlier) one is never needed, and demand
 * points the same candidates cover are one point of their summed weight. Both keep the cheapest
 * cost exact; on the seeded catalogue with crowded demand they leave about 20 of 25 candidates
 * and 30 of 498 points.
 */

export interface CoverInstance {
  costs: number[];
  /** The points each candidate covers. */
  covers: number[][];
  /** The candidates covering each point. */
  coverers: number[][];
  weights: number[];
  /** The weight a cover must reach. */
  goal: number;
  /** Each kept candidate's index in the caller's list. */
  original: number[];
}

/** Which points each candidate covers, as bits (32 points a word), for fast subset checks. */
function bitsOf(hits: readonly boolean[]): Uint32Array {
  const bits = new Uint32Array(Math.ceil(hits.length / 32));
  hits.forEach((hit, i) => {
    if (hit) bits[i >>> 5]! |= 1 << (i & 31);
  });
  return bits;
}

function within(inner: Uint32Array, outer: Uint32Array): boolean {
  for (let word = 0; word < inner.length; word++) {
    if ((inner[word]! & ~outer[word]!) !== 0) return false;
  }
  return true;
}

/** Candidates covering something that no cheaper-or-equal candidate covers as well. */
function undominated(hits: readonly (readonly boolean[])[], costs: readonly number[]): number[] {
  const bits = hits.map(bitsOf);
  const useful = hits.flatMap((row, j) => (row.some(Boolean) ? [j] : []));
  return useful.filter((j) =>
    useful.every((k) => {
      if (k === j || costs[k]! > costs[j]! || !within(bits[j]!, bits[k]!)) return true;
      // The same points for the same cost: the earlier candidate stays.
      return costs[k] === costs[j] && within(bits[k]!, bits[j]!) && k > j;
    }),
  );
}

/**
 * The instance of `hits` (a row per candidate: which points it covers), reduced as the module
 * comment says. Points no candidate covers are left out: they only count in `goal`.
 */
export function coverInstance(
  hits: readonly (readonly boolean[])[],
  weights: readonly number[],
  costs: readonly number[],
  goal: number,
): CoverInstance {
  const kept = undominated(hits, costs);
  const pointOf = new Map<string, number>();
  const merged: number[] = [];
  const covers: number[][] = kept.map(() => []);
  const coverers: number[][] = [];
  weights.forEach((weight, i) => {
    const by = kept.flatMap((j, column) => (hits[j]![i] ? [column] : []));
    if (by.length === 0) return;
    const key = by.join(',');
    const known = pointOf.get(key);
    if (known !== undefined) {
      merged[known]! += weight;
      return;
    }
    pointOf.set(key, merged.length);
    for (const column of by) covers[column]!.push(merged.length);
    coverers.push(by);
    merged.push(weight);
  });
  return {
    costs: kept.map((j) => costs[j]!),
    covers,
    coverers,
    weights: merged,
    goal,
    original: kept,
  };
}

/** What a set of the instance's candidates costs. */
export function costOf(instance: CoverInstance, set: readonly number[]): number {
  return set.reduce((sum, j) => sum + instance.costs[j]!, 0);
}

/**
 * A cover from `start` and candidates not `excluded`: adds the one with the most new weight per
 * cost until the goal is met, then drops the dearest the goal does without (`start`'s too).
 * undefined: even every allowed candidate falls short.
 */
export function greedyCover(
  instance: CoverInstance,
  start: readonly number[],
  excluded: (j: number) => boolean = () => false,
): number[] | undefined {
  const { covers, weights, costs, goal } = instance;
  const count = new Int32Array(weights.length);
  let covered = 0;
  const change = (j: number, step: 1 | -1) => {
    for (const i of covers[j]!) {
      if (step === 1 && count[i] === 0) covered += weights[i]!;
      count[i]! += step;
      if (step === -1 && count[i] === 0) covered -= weights[i]!;
    }
  };
  const picked = new Set(start);
  for (const j of picked) change(j, 1);
  while (covered < goal) {
    let pick = { j: -1, value: 0 };
    costs.forEach((cost, j) => {
      if (picked.has(j) || excluded(j)) return;
      let gain = 0;
      for (const i of covers[j]!) if (count[i] === 0) gain += weights[i]!;
      const value = gain / Math.max(cost, Number.MIN_VALUE);
      if (gain > 0 && value > pick.value) pick = { j, value };
    });
    if (pick.j === -1) return undefined;
    picked.add(pick.j);
    change(pick.j, 1);
  }
  for (const j of [...picked].sort((a, b) => costs[b]! - costs[a]!)) {
    change(j, -1);
    if (covered >= goal) picked.delete(j);
    else change(j, 1);
  }
  return [...picked].sort((a, b) => a - b);
}
