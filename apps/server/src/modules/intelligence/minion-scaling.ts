import { minimumMonthlyCost } from '@meridian/domain/clusters/cost-estimate';
import type { FlavorKey } from '@meridian/domain/flavors';
import { cents, listOf } from './automatic-placement';
import type { DatacenterRow } from '../../platform/db/schema/clusters';

/**
 * Requests a minute one minion of each size serves flat out: a planning figure for the
 * simulator's apps (architecture "Placement"), doubling with the size as the prices do.
 */
export const minionCapacityPerMinute: Record<FlavorKey, number> = {
  mini: 300,
  small: 600,
  medium: 1200,
  large: 2400,
};

/** Scale up past 70 % of capacity, down only when 50 % would still do: no flapping between. */
export const scalingUtilisation = { up: 0.7, down: 0.5 } as const;

/** One member of the smart cluster as scaling sees it. */
export interface MemberLoad {
  datacenter: DatacenterRow;
  minions: number;
  /** Requests a minute it served over the last full hour. */
  requestsPerMinute: number;
}

export interface ScalingRequest {
  members: readonly MemberLoad[];
  clusterSize: FlavorKey;
  masterCount: number;
  /** The smart cluster's minion count: no member goes below it. */
  leastMinions: number;
  budget: number;
  /** False during a cool-down: minions are added when needed but not given back yet. */
  mayShrink: boolean;
}

export interface ScalingVerdict {
  /** The new minion count of each member that changes, by datacenter uuid. */
  minions: Map<string, number>;
  /** What all members cost a month afterwards. */
  monthlyCost: number;
  notice: string;
}

function monthlyCost(row: DatacenterRow, request: ScalingRequest, minions: number): number {
  return minimumMonthlyCost({
    datacenters: [{ flavor_prices: row.flavorPrices }],
    clusterSize: request.clusterSize,
    masterCount: request.masterCount,
    minionCount: minions,
  });
}

/** The count each member should have for its load, before the budget has its say. */
function wantedMinions(member: MemberLoad, request: ScalingRequest): number {
  const capacity = minionCapacityPerMinute[request.clusterSize];
  const up = Math.ceil(member.requestsPerMinute / (capacity * scalingUtilisation.up));
  const down = Math.max(
    request.leastMinions,
    Math.ceil(member.requestsPerMinute / (capacity * scalingUtilisation.down)),
  );
  if (up > member.minions) return up;
  return request.mayShrink && down < member.minions ? down : member.minions;
}

const total = (request: ScalingRequest, counts: readonly number[]) =>
  request.members.reduce(
    (sum, member, index) => sum + monthlyCost(member.datacenter, request, counts[index]!),
    0,
  );

/**
 * How many minions each member needs for the load it served (scaling up where demand grew and
 * down again, never below the smart cluster's own count), within the budget: when growth would
 * pass it, the dearest nodes are given up first. null: nothing changes.
 */
export function judgeScaling(request: ScalingRequest): ScalingVerdict | null {
  const counts = request.members.map((member) => wantedMinions(member, request));
  let capped = false;
  while (total(request, counts) > request.budget) {
    const grown = request.members
      .map((member, index) => ({ member, index }))
      .filter(({ member, index }) => counts[index]! > member.minions)
      .sort(
        (a, b) =>
          monthlyCost(b.member.datacenter, request, 1) -
          monthlyCost(a.member.datacenter, request, 1),
      );
    if (grown.length === 0) break;
    counts[grown[0]!.index]! -= 1;
    capped = true;
  }
  const changed = request.members.flatMap((member, index) =>
    counts[index] === member.minions ? [] : [{ member, minions: counts[index]! }],
  );
  if (changed.length === 0) return null;
  const before = total(
    request,
    request.members.map((member) => member.minions),
  );
  const after = total(request, counts);
  const parts = changed.map(
    ({ member, minions }) =>
      `${member.datacenter.location} to ${minions} minion${minions === 1 ? '' : 's'} ` +
      `(${Math.round(member.requestsPerMinute).toLocaleString('en-US')} requests a minute)`,
  );
  return {
    minions: new Map(changed.map(({ member, minions }) => [member.datacenter.uuid, minions])),
    monthlyCost: cents(after),
    notice:
      `Scaling ${listOf(parts)}: $${cents(before).toFixed(2)} → $${cents(after).toFixed(2)} a month` +
      (capped ? `, as far as the budget of $${cents(request.budget).toFixed(2)} allows.` : '.'),
  };
}
