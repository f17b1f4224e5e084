import {
  crowdedDemand,
  crowdedLatencyMs,
} from '@meridian/domain/clusters/crowded-demand.test-support';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededDatacenters } from '../clusters/cluster/datacenter-seed';
import {
  placeSmartCluster,
  placeWithin,
  roundTripMs,
  weightedP95,
  type DemandPoint,
  type PlacementCandidate,
} from './placement';

const montreal = { latitude: 45.5019, longitude: -73.5674 };
const toronto = { latitude: 43.6532, longitude: -79.3832 };
const london = { latitude: 51.5072, longitude: -0.1276 };
const tokyo = { latitude: 35.6762, longitude: 139.6503 };

/** Every subset, cheapest feasible first: what the engine must match. */
function bruteForce(candidates: PlacementCandidate[], demand: DemandPoint[], latencyMs: number) {
  let best: { cost: number; p95: number } | undefined;
  for (let mask = 1; mask < 1 << candidates.length; mask++) {
    const chosen = candidates.filter((_, i) => mask & (1 << i));
    const p95 = weightedP95(
      demand.map((point) => ({
        latencyMs: Math.min(...chosen.map((c) => roundTripMs(point, c))),
        weight: point.weight,
      })),
    );
    const cost = chosen.reduce((sum, c) => sum + c.monthlyCost, 0);
    if (p95 <= latencyMs && (!best || cost < best.cost)) best = { cost, p95 };
  }
  return best;
}

const point = fc.record({
  latitude: fc.double({ min: -60, max: 70, noNaN: true }),
  longitude: fc.double({ min: -180, max: 180, noNaN: true }),
});

describe('placement', () => {
  it('models round trips from distance: Montréal–Toronto short, Montréal–Tokyo long', () => {
    expect(roundTripMs(montreal, montreal)).toBe(14);
    expect(roundTripMs(montreal, toronto)).toBeGreaterThan(18);
    expect(roundTripMs(montreal, toronto)).toBeLessThan(25);
    expect(roundTripMs(montreal, london)).toBeGreaterThan(80);
    expect(roundTripMs(montreal, london)).toBeLessThan(95);
    expect(roundTripMs(montreal, tokyo)).toBeGreaterThan(130);
  });

  it('takes the weighted 95th percentile', () => {
    const samples = [
      { latencyMs: 10, weight: 94 },
      { latencyMs: 50, weight: 1 },
      { latencyMs: 300, weight: 5 },
    ];
    expect(weightedP95(samples)).toBe(50);
    expect(weightedP95([...samples.slice(0, 2), { latencyMs: 300, weight: 6 }])).toBe(300);
  });

  it('serves users near two cities from the cheapest datacenters near them', () => {
    const candidates = [
      { uuid: 'montreal', ...montreal, monthlyCost: 100 },
      { uuid: 'toronto', ...toronto, monthlyCost: 80 },
      { uuid: 'london', ...london, monthlyCost: 90 },
      { uuid: 'tokyo', ...tokyo, monthlyCost: 70 },
    ];
    const demand = [
      { ...montreal, weight: 1 },
      { ...london, weight: 1 },
    ];
    const placement = placeSmartCluster({ candidates, demand, latencyMs: 25 });
    expect(placement).toMatchObject({ feasible: true, monthlyCost: 170 });
    expect(placement.datacenters.sort()).toEqual(['london', 'toronto']);
    // A target none can meet: every datacenter the best p95 needs, and why.
    const tight = placeSmartCluster({ candidates, demand, latencyMs: 1 });
    expect(tight.feasible).toBe(false);
    expect(tight.p95LatencyMs).toBe(tight.bestPossibleLatencyMs);
    expect(tight.datacenters.sort()).toEqual(['london', 'montreal']);
  });

  it('finds the exact cheapest feasible set on random instances (brute force agrees)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ at: point, cost: fc.integer({ min: 1, max: 500 }) }), {
          minLength: 1,
          maxLength: 9,
        }),
        fc.array(fc.record({ at: point, weight: fc.integer({ min: 1, max: 20 }) }), {
          minLength: 1,
          maxLength: 12,
        }),
        fc.integer({ min: 2, max: 250 }),
        (rawCandidates, rawDemand, latencyMs) => {
          const candidates = rawCandidates.map((c, i) => ({
            uuid: `dc-${i}`,
            ...c.at,
            monthlyCost: c.cost,
          }));
          const demand = rawDemand.map((d) => ({ ...d.at, weight: d.weight }));
          const placement = placeSmartCluster({ candidates, demand, latencyMs });
          const expected = bruteForce(candidates, demand, latencyMs);
          expect(placement.feasible).toBe(expected !== undefined);
          if (expected) {
            expect(placement.monthlyCost).toBe(expected.cost);
            expect(placement.p95LatencyMs).toBeLessThanOrEqual(latencyMs);
          } else {
            expect(placement.p95LatencyMs).toBe(placement.bestPossibleLatencyMs);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('answers a share of the weight whatever its scale: weights of 1e-9 no longer break it', () => {
    const candidates = [
      { uuid: 'montreal', ...montreal, monthlyCost: 100 },
      { uuid: 'tokyo', ...tokyo, monthlyCost: 70 },
    ];
    const placement = placeSmartCluster({
      candidates,
      demand: [{ ...montreal, weight: 1e-9 }],
      latencyMs: 30,
    });
    expect(placement).toMatchObject({ feasible: true, datacenters: ['montreal'], optimal: true });
  });

  /** A clock that reads 0, 1, 2…: a deadline of n stops the search at its (n+1)th reading. */
  const readings = () => {
    let reading = 0;
    return () => reading++;
  };

  /** The whole seeded catalogue (25 datacenters), with prices that differ a little. */
  const catalogue = seededDatacenters
    .filter((row) => row.uuid !== 'external')
    .map((row, i) => ({ ...row, monthlyCost: 60 + ((i * 7) % 11) }));

  it('stops at its deadline with the best set found and a proven lower bound on the cheapest', () => {
    expect(catalogue).toHaveLength(25);
    const demand = crowdedDemand(catalogue, 200);
    const exact = placeSmartCluster({ candidates: catalogue, demand, latencyMs: crowdedLatencyMs });
    expect(exact.optimal).toBe(true);
    expect(exact.lowerBoundCost).toBe(exact.monthlyCost);
    // The clock is read once a node: a deadline of 0 stops the search at the root's first child.
    const cut = placeSmartCluster({
      candidates: catalogue,
      demand,
      latencyMs: crowdedLatencyMs,
      stop: { now: readings(), deadline: 0 },
    });
    expect(cut.optimal).toBe(false);
    expect(cut.feasible).toBe(true);
    expect(cut.p95LatencyMs).toBeLessThanOrEqual(crowdedLatencyMs);
    expect(cut.lowerBoundCost).toBeLessThanOrEqual(exact.monthlyCost);
    expect(cut.monthlyCost).toBeGreaterThanOrEqual(exact.monthlyCost);
    // A bound worth quoting: the root's Lagrangian bound, within 10 % of the answer here.
    expect(cut.lowerBoundCost).toBeGreaterThan(cut.monthlyCost * 0.9);
  });

  it('answers by the clock: past its time limit, the best set found and its gap', () => {
    const demand = crowdedDemand(catalogue, 498);
    const exact = placeWithin({
      candidates: catalogue,
      demand,
      latencyMs: crowdedLatencyMs,
      budgetMs: 60_000,
    });
    expect(exact.optimal).toBe(true);
    const cut = placeWithin({
      candidates: catalogue,
      demand,
      latencyMs: crowdedLatencyMs,
      budgetMs: 0,
    });
    expect(cut).toMatchObject({ optimal: false, feasible: true });
    expect(cut.lowerBoundCost).toBeLessThanOrEqual(exact.monthlyCost);
    expect(cut.monthlyCost).toBeGreaterThanOrEqual(exact.monthlyCost);
  });

  it('stays exact when candidates share a place or a price (brute force agrees)', () => {
    // Few places and prices: many candidates cover the same points, or cost the same.
    const places = [montreal, toronto, london, tokyo];
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            at: fc.integer({ min: 0, max: 3 }),
            cost: fc.constantFrom(50, 80, 80, 120),
          }),
          { minLength: 1, maxLength: 10 },
        ),
        fc.array(fc.record({ at: point, weight: fc.integer({ min: 1, max: 5 }) }), {
          minLength: 1,
          maxLength: 20,
        }),
        fc.integer({ min: 14, max: 120 }),
        (rawCandidates, rawDemand, latencyMs) => {
          const candidates = rawCandidates.map((c, i) => ({
            uuid: `dc-${i}`,
            ...places[c.at]!,
            monthlyCost: c.cost,
          }));
          const demand = [
            ...rawDemand.map((d) => ({ ...d.at, weight: d.weight })),
            ...places.map((place) => ({ ...place, weight: 3 })),
          ];
          const placement = placeSmartCluster({ candidates, demand, latencyMs });
          const expected = bruteForce(candidates, demand, latencyMs);
          expect(placement.feasible).toBe(expected !== undefined);
          if (expected) expect(placement.monthlyCost).toBe(expected.cost);
          expect(new Set(placement.datacenters).size).toBe(placement.datacenters.length);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('never proves a bound above the cheapest cover, however early it stops', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ at: point, cost: fc.integer({ min: 1, max: 500 }) }), {
          minLength: 1,
          maxLength: 12,
        }),
        fc.array(fc.record({ at: point, weight: fc.integer({ min: 1, max: 20 }) }), {
          minLength: 1,
          maxLength: 30,
        }),
        fc.integer({ min: 2, max: 250 }),
        fc.integer({ min: 0, max: 5 }),
        (rawCandidates, rawDemand, latencyMs, deadline) => {
          const candidates = rawCandidates.map((c, i) => ({
            uuid: `dc-${i}`,
            ...c.at,
            monthlyCost: c.cost,
          }));
          const demand = rawDemand.map((d) => ({ ...d.at, weight: d.weight }));
          const exact = placeSmartCluster({ candidates, demand, latencyMs });
          const stop = { now: readings(), deadline };
          const cut = placeSmartCluster({ candidates, demand, latencyMs, stop });
          expect(cut.feasible).toBe(exact.feasible);
          expect(cut.lowerBoundCost).toBeLessThanOrEqual(exact.monthlyCost + 1e-9);
          expect(cut.monthlyCost).toBeGreaterThanOrEqual(exact.monthlyCost - 1e-9);
          if (cut.optimal) expect(cut.monthlyCost).toBe(exact.monthlyCost);
          if (cut.feasible) expect(cut.p95LatencyMs).toBeLessThanOrEqual(latencyMs);
          else expect(cut.p95LatencyMs).toBe(cut.bestPossibleLatencyMs);
        },
      ),
      { numRuns: 300 },
    );
  });
});
