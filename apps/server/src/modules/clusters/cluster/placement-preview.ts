import { externalDatacenterUuid } from '@meridian/domain/clusters/datacenter';
import {
  placementMessages,
  type PlacementPreview,
  type PlacementPreviewInput,
} from '@meridian/domain/clusters/placement-api';
import type { CpuPool } from '../../../platform/cpu-pool';
import type { Database } from '../../../platform/db/database';
import { ValidationError } from '../../../platform/http/errors';
import { validationMessages } from '@meridian/domain/validation-messages';
import { findDatacenterRows } from './cluster.queries';
import { checkBudget } from './cluster.service';
import {
  cents,
  demandAssumed,
  gapSentence,
  provenGap,
  solvePlacement,
  tenths,
} from '../../intelligence/intelligence.public';
import type { DatacenterRow } from '../../../platform/db/schema/clusters';

/**
 * `POST /intelligence/placement`: where an AUTOMATIC smart cluster on these candidates would run
 * and what it would cost, without creating anything. Without a demand, the candidates' own
 * locations weigh equally: the user picked them because their users are there. The budget is
 * only checked (when given): it never changes where the smart cluster runs.
 */
export async function previewPlacement(
  { db, cpu }: { db: Database; cpu: CpuPool },
  input: PlacementPreviewInput,
): Promise<PlacementPreview> {
  if (input.datacenters.includes(externalDatacenterUuid)) {
    throw new ValidationError([placementMessages.external]);
  }
  const rows = await knownDatacenters(db, input.datacenters);
  checkBudget(input.budget, rows, input.cluster_size, input.master_count, input.minion_count);
  const { placement, demand } = await solvePlacement(cpu, {
    candidates: rows,
    clusterSize: input.cluster_size,
    masterCount: input.master_count,
    minionCount: input.minion_count,
    latency: input.latency,
    demand: input.demand,
  });
  const source = input.demand ? 'request' : 'candidates';
  const best = Math.ceil(placement.bestPossibleLatencyMs);
  const gap = provenGap(placement);
  const reason = [
    placement.feasible
      ? ''
      : `No choice of these datacenters brings 95 % of the demand within ${input.latency} ms; the best these datacenters can do is ${best} ms.`,
    gapSentence(placement),
  ]
    .filter(Boolean)
    .join(' ');
  return {
    feasible: placement.feasible,
    datacenters: placement.datacenters,
    monthly_cost: cents(placement.monthlyCost),
    p95_latency_ms: tenths(placement.p95LatencyMs),
    best_possible_latency_ms: tenths(placement.bestPossibleLatencyMs),
    regions: demand.map((point, index) => ({
      name: point.name,
      latitude: point.latitude,
      longitude: point.longitude,
      weight: point.weight,
      datacenter_uuid: placement.served[index]!.datacenter,
      latency_ms: tenths(placement.served[index]!.latencyMs),
    })),
    proven_gap: gap && {
      lower_bound_monthly_cost: gap.lowerBoundMonthlyCost,
      percent: gap.percent,
    },
    ...(reason ? { reason } : {}),
    demand_source: source,
    demand_assumed: demandAssumed(source, demand.length),
  };
}

/** These datacenters in the order named (duplicates dropped); an unknown one is the spec's 400. */
async function knownDatacenters(db: Database, uuids: readonly string[]): Promise<DatacenterRow[]> {
  const unique = [...new Set(uuids)];
  const rows = await findDatacenterRows(db, unique);
  if (rows.length !== unique.length) throw new ValidationError([validationMessages.datacenter]);
  return unique.map((uuid) => rows.find((row) => row.uuid === uuid)!);
}
