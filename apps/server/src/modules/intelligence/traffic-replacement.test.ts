import { describe, expect, it } from 'vitest';
import { seededDatacenters } from '../clusters/cluster/datacenter-seed';
import { engineInput, type PlacementRequest } from './automatic-placement';
import { placeSmartCluster } from './placement';
import { judgeReplacement } from './traffic-replacement';

const rows = (uuids: string[]) =>
  uuids.map((uuid) => {
    const seed = seededDatacenters.find((row) => row.uuid === uuid)!;
    return { ...seed, driver: 'simulator', position: 0 };
  });
const at = new Date('2026-11-24T12:00:00Z');
const tokyoUsers = { name: 'Tokyo', latitude: 35.68, longitude: 139.69, weight: 900 };
const montrealUsers = { name: 'Montréal', latitude: 45.5, longitude: -73.57, weight: 900 };
const torontoUsers = { name: 'Toronto', latitude: 43.65, longitude: -79.38, weight: 900 };

function request(candidates: string[], latency: number, demand: PlacementRequest['demand']) {
  return {
    candidates: rows(candidates),
    clusterSize: 'mini' as const,
    masterCount: 1,
    minionCount: 2,
    latency,
    demand,
  };
}

/** The verdict on the engine's answer, searched here rather than on the CPU pool. */
function judge(request: PlacementRequest, current: string[], decidedAt: Date) {
  const placement = placeSmartCluster({ ...engineInput(request), latencyMs: request.latency });
  return judgeReplacement(request, placement, current, decidedAt);
}

describe('re-placement on observed traffic', () => {
  it('moves when the users moved and the target is missed, and says so in plain words', () => {
    const verdict = judge(
      request(['ca-montreal', 'jp-tokyo'], 100, [tokyoUsers]),
      ['ca-montreal'],
      at,
    );
    expect(verdict?.decision).toMatchObject({
      datacenters: ['jp-tokyo'],
      demand_source: 'traffic',
      decided_at: at.toISOString(),
      p95_latency_ms: 14.1,
    });
    expect(verdict?.notice).toMatch(
      /^Moving to Tokyo: p95 1\d\d\.\d → 14.1 ms, \$\d+\.\d\d → \$\d+\.\d\d a month \(its users moved, and Montréal no longer met the 100 ms target\)\.$/,
    );
    expect(verdict?.decision.reason).toMatch(
      /^Tokyo keeps 95 % of the traffic observed within 100 ms/,
    );
    expect(verdict?.decision.reason).toMatch(/Before the move: p95 1\d\d\.\d ms for \$/);
  });

  it('stays where the observed users are already served best', () => {
    const verdict = judge(
      request(['ca-montreal', 'jp-tokyo'], 100, [montrealUsers]),
      ['ca-montreal'],
      at,
    );
    expect(verdict).toBeNull();
  });

  it('moves for a saving of 10 % or more, never for less', () => {
    const both = [montrealUsers, torontoUsers];
    // Montréal alone serves Toronto's users within the target for half of what both cost.
    const halved = judge(
      request(['ca-montreal', 'ca-toronto'], 100, both),
      ['ca-montreal', 'ca-toronto'],
      at,
    );
    expect(halved?.decision.datacenters).toEqual(['ca-montreal']);
    expect(halved?.notice).toMatch(/\(the same target is met for 5\d % less\)\.$/);
    // Montréal is only about 4 % cheaper than Toronto: not worth a move.
    expect(judge(request(['ca-montreal', 'ca-toronto'], 100, both), ['ca-toronto'], at)).toBeNull();
  });

  it('moves to the best reachable set when no set meets the target, if it is 10 % closer', () => {
    const verdict = judge(
      request(['ca-montreal', 'jp-tokyo'], 5, [tokyoUsers]),
      ['ca-montreal'],
      at,
    );
    expect(verdict?.decision.datacenters).toEqual(['jp-tokyo']);
    expect(verdict?.decision.reason).toMatch(
      /the best these candidates can do against the 5 ms target/,
    );
    expect(
      judge(request(['ca-montreal', 'jp-tokyo'], 5, [tokyoUsers]), ['jp-tokyo'], at),
    ).toBeNull();
  });
});
