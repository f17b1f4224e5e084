/**
 * The placement engine of AUTOMATIC smart clusters: the cheapest set of candidate datacenters
 * whose demand-weighted 95th-percentile round trip, each demand point served by its nearest
 * chosen datacenter, is within the latency target. Pure: no database, no clock.
 */

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

export interface PlacementCandidate extends GeoPoint {
  uuid: string;
  /** What running the smart cluster's members there costs a month (the spec's formula). */
  monthlyCost: number;
}

export interface DemandPoint extends GeoPoint {
  weight: number;
  name?: string;
}

export interface PlacementInput {
  candidates: readonly PlacementCandidate[];
  demand: readonly DemandPoint[];
  latencyMs: number;
}

export interface Placement {
  /** Whether the chosen datacenters meet the target. */
  feasible: boolean;
  /** The cheapest set meeting the target; when none does, the cheapest set with the lowest p95. */
  datacenters: string[];
  monthlyCost: number;
  p95LatencyMs: number;
  /** The p95 with every candidate chosen: no set does better. */
  bestPossibleLatencyMs: number;
  /** Each demand point's serving datacenter and round trip, in the demand's order. */
  served: { datacenter: string; latencyMs: number }[];
}

/**
 * Round trip = 2 × great-circle distance × route factor ÷ light's speed in fibre + overhead.
 * Light in fibre travels at c ÷ 1.468 ≈ 204 km/ms; the route factor and overhead are fitted to
 * published city-to-city pings (architecture "Placement").
 */
export const latencyModel = { fibreKmPerMs: 204.2, routeFactor: 1.45, overheadMs: 14 } as const;

const earthRadiusKm = 6371.0088;

export function greatCircleKm(a: GeoPoint, b: GeoPoint): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * earthRadiusKm * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function roundTripMs(a: GeoPoint, b: GeoPoint): number {
  const { fibreKmPerMs, routeFactor, overheadMs } = latencyModel;
  return (2 * greatCircleKm(a, b) * routeFactor) / fibreKmPerMs + overheadMs;
}

/** The smallest latency at or below which 95 % of the weight lies. */
export function weightedP95(samples: readonly { latencyMs: number; weight: number }[]): number {
  const total = samples.reduce((sum, sample) => sum + sample.weight, 0);
  const sorted = [...samples].sort((a, b) => a.latencyMs - b.latencyMs);
  let seen = 0;
  for (const sample of sorted) {
    seen += sample.weight;
    if (seen >= needed(total)) return sample.latencyMs;
  }
  return sorted.at(-1)?.latencyMs ?? 0;
}

/** 95 % of the weight, less a rounding allowance so sums of floats still reach it. */
function needed(total: number): number {
  return 0.95 * total - 1e-9 * Math.max(1, total);
}

/** Each point's round trip to its nearest datacenter among `chosen` (indexes into `rtt` rows). */
function servedBy(rtt: number[][], chosen: readonly number[]): { index: number; ms: number }[] {
  return rtt.map((row) => {
    let best = { index: -1, ms: Infinity };
    for (const index of chosen) if (row[index]! < best.ms) best = { index, ms: row[index]! };
    return best;
  });
}

function p95Of(rtt: number[][], demand: readonly DemandPoint[], chosen: readonly number[]): number {
  const served = servedBy(rtt, chosen);
  return weightedP95(served.map((s, i) => ({ latencyMs: s.ms, weight: demand[i]!.weight })));
}

/**
 * The cheapest set of candidates covering 95 % of the demand's weight within `targetMs`: an exact
 * branch and bound over candidates in order of cost, pruned by the best cost found and by what
 * the remaining candidates could still cover (coverage only grows as datacenters are added).
 */
function cheapestCover(
  rtt: number[][],
  demand: readonly DemandPoint[],
  costs: readonly number[],
  targetMs: number,
): number[] | undefined {
  const order = costs.map((_, index) => index).sort((a, b) => costs[a]! - costs[b]!);
  const weights = demand.map((point) => point.weight);
  const goal = needed(weights.reduce((sum, weight) => sum + weight, 0));
  const covers = order.map((j) => rtt.map((row) => row[j]! <= targetMs));
  // Which points the candidates from position k on could still cover.
  const reachable = order.map((_, k) =>
    rtt.map((_, i) => covers.slice(k).some((cover) => cover[i])),
  );
  const coveredBy = new Array<number>(demand.length).fill(0);
  let coveredWeight = 0;
  let best: { cost: number; set: number[] } | undefined;
  const chosen: number[] = [];

  /** What is covered now plus what the candidates from position k on could still add. */
  const coverableFrom = (k: number) =>
    coveredWeight +
    weights.reduce((sum, w, i) => sum + (coveredBy[i] === 0 && reachable[k]![i] ? w : 0), 0);
  const add = (cover: boolean[], step: 1 | -1) =>
    cover.forEach((hit, i) => {
      if (!hit) return;
      if (step === 1 && coveredBy[i] === 0) coveredWeight += weights[i]!;
      coveredBy[i]! += step;
      if (step === -1 && coveredBy[i] === 0) coveredWeight -= weights[i]!;
    });

  function search(k: number, cost: number): void {
    if (best && cost >= best.cost) return;
    if (coveredWeight >= goal) {
      best = { cost, set: [...chosen] };
      return;
    }
    if (k === order.length || coverableFrom(k) < goal) return;
    add(covers[k]!, 1);
    chosen.push(order[k]!);
    search(k + 1, cost + costs[order[k]!]!);
    chosen.pop();
    add(covers[k]!, -1);
    search(k + 1, cost);
  }
  search(0, 0);
  return best?.set;
}

/** Chooses where an AUTOMATIC smart cluster runs (see the module comment). */
export function placeSmartCluster({ candidates, demand, latencyMs }: PlacementInput): Placement {
  if (candidates.length === 0) throw new Error('placement needs at least one candidate');
  const rtt = demand.map((point) => candidates.map((candidate) => roundTripMs(point, candidate)));
  const costs = candidates.map((candidate) => candidate.monthlyCost);
  const all = candidates.map((_, index) => index);
  const bestPossible = demand.length > 0 ? p95Of(rtt, demand, all) : 0;
  const feasible = bestPossible <= latencyMs;
  // Infeasible: the cheapest set that reaches the best p95 there is.
  const chosen =
    demand.length === 0
      ? [costs.indexOf(Math.min(...costs))]
      : (cheapestCover(rtt, demand, costs, feasible ? latencyMs : bestPossible) ?? all);
  const served = servedBy(rtt, chosen);
  return {
    feasible,
    datacenters: chosen.map((index) => candidates[index]!.uuid),
    monthlyCost: chosen.reduce((sum, index) => sum + costs[index]!, 0),
    p95LatencyMs: demand.length > 0 ? p95Of(rtt, demand, chosen) : 0,
    bestPossibleLatencyMs: bestPossible,
    served: served.map((s) => ({ datacenter: candidates[s.index]!.uuid, latencyMs: s.ms })),
  };
}

/** The p95 and monthly cost of running on `datacenters` (uuids of candidates) for this demand. */
export function evaluatePlacement(
  { candidates, demand }: Omit<PlacementInput, 'latencyMs'>,
  datacenters: readonly string[],
): { p95LatencyMs: number; monthlyCost: number } {
  const chosen = candidates.flatMap((candidate, index) =>
    datacenters.includes(candidate.uuid) ? [index] : [],
  );
  const rtt = demand.map((point) => candidates.map((candidate) => roundTripMs(point, candidate)));
  return {
    p95LatencyMs: demand.length > 0 && chosen.length > 0 ? p95Of(rtt, demand, chosen) : 0,
    monthlyCost: chosen.reduce((sum, index) => sum + candidates[index]!.monthlyCost, 0),
  };
}
