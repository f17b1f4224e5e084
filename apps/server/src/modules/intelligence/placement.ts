import { cpuTask } from '../../platform/cpu-pool';
import { cheapestCover, needed, type SearchDeadline } from './placement-search';

/**
 * The placement engine of AUTOMATIC smart clusters: the cheapest set of candidate datacenters
 * whose demand-weighted 95th-percentile round trip, each demand point served by its nearest
 * chosen datacenter, is within the latency target. Pure: no database; a clock only when given
 * a deadline.
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
  /** When the search stops with the best set found so far; without one it runs to the end. */
  stop?: SearchDeadline;
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
  /** Whether the search finished: no set doing as well costs less. */
  optimal: boolean;
  /** Proven: no set doing as well costs less than this (monthlyCost when optimal). */
  lowerBoundCost: number;
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

/** Chooses where an AUTOMATIC smart cluster runs (see the module comment). */
export function placeSmartCluster({
  candidates,
  demand,
  latencyMs,
  stop = { now: () => 0, deadline: Infinity },
}: PlacementInput): Placement {
  if (candidates.length === 0) throw new Error('placement needs at least one candidate');
  const rtt = demand.map((point) => candidates.map((candidate) => roundTripMs(point, candidate)));
  const costs = candidates.map((candidate) => candidate.monthlyCost);
  const all = candidates.map((_, index) => index);
  const bestPossible = demand.length > 0 ? p95Of(rtt, demand, all) : 0;
  const feasible = bestPossible <= latencyMs;
  // Infeasible: the cheapest set that reaches the best p95 there is.
  const search =
    demand.length === 0
      ? { set: [costs.indexOf(Math.min(...costs))], complete: true, lowerBound: Math.min(...costs) }
      : cheapestCover(
          {
            rtt,
            weights: demand.map((point) => point.weight),
            costs,
            targetMs: feasible ? latencyMs : bestPossible,
          },
          stop,
        );
  const chosen = search.set ?? all;
  const served = servedBy(rtt, chosen);
  const monthlyCost = chosen.reduce((sum, index) => sum + costs[index]!, 0);
  return {
    feasible,
    datacenters: chosen.map((index) => candidates[index]!.uuid),
    monthlyCost,
    p95LatencyMs: demand.length > 0 ? p95Of(rtt, demand, chosen) : 0,
    bestPossibleLatencyMs: bestPossible,
    served: served.map((s) => ({ datacenter: candidates[s.index]!.uuid, latencyMs: s.ms })),
    optimal: search.complete,
    lowerBoundCost: search.complete ? monthlyCost : Math.min(search.lowerBound, monthlyCost),
  };
}

/** `placeSmartCluster` searching for at most `budgetMs` (from when it starts), by the clock. */
export function placeWithin({
  budgetMs,
  ...input
}: PlacementInput & { budgetMs: number }): Placement {
  const deadline = performance.now() + budgetMs;
  return placeSmartCluster({ ...input, stop: { now: () => performance.now(), deadline } });
}

/** `placeWithin` on the CPU pool: the search never holds the event loop. */
export const placementTask = cpuTask(import.meta.url, { placeWithin });

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
