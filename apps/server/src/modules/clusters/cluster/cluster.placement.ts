import { externalDatacenterUuid } from '@meridian/domain/clusters/datacenter';
import {
  automaticPlacementMessages,
  unreachableLatencyMessage,
  type PlacementDecision,
  type PlacementHistory,
} from '@meridian/domain/clusters/placement-decision';
import { NotFoundError, ValidationError } from '../../../platform/http/errors';
import { decidePlacement, type PlacementRequest } from '../../intelligence/intelligence.public';
import type { ClusterContext } from '../cluster-context';
import { findOwnSmartCluster, listPlacementRows } from './cluster.queries';
import type { DatacenterRow } from '../../../platform/db/schema/clusters';

/** What placing an AUTOMATIC smart cluster takes: its candidates, size and target. */
export type AutomaticRequest = PlacementRequest;

/** The candidate rule of automatic placement: Meridian's datacenters only (any number of them). */
export function checkCandidates(uuids: readonly string[]): void {
  if (uuids.includes(externalDatacenterUuid)) {
    throw new ValidationError([automaticPlacementMessages.external]);
  }
}

/**
 * Decides where an AUTOMATIC smart cluster runs (architecture "Placement"): the chosen rows and
 * the decision to keep, or the 400 naming the best latency these candidates can reach.
 */
export async function placeAutomatic(
  context: ClusterContext,
  request: AutomaticRequest,
): Promise<{ chosen: DatacenterRow[]; decision: PlacementDecision }> {
  const { decision, feasible, bestPossibleMs } = await decidePlacement(
    context.cpu,
    request,
    request.demand ? 'request' : 'candidates',
    context.now(),
  );
  if (!feasible) throw new ValidationError([unreachableLatencyMessage(bestPossibleMs)]);
  const chosen = request.candidates.filter((row) => decision.datacenters.includes(row.uuid));
  return { chosen, decision };
}

/** `GET /cluster/clusters/{id}/placements`: the user's smart cluster's last 50 decisions. */
export async function placementHistory(
  context: ClusterContext,
  userId: string,
  id: string,
): Promise<PlacementHistory> {
  if (!(await findOwnSmartCluster(context.db, userId, id))) {
    throw new NotFoundError('Smart cluster not found');
  }
  return { placements: await listPlacementRows(context.db, id, 50) };
}
