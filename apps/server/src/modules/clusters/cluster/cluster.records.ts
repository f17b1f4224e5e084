import { validationMessages } from '@meridian/domain/validation-messages';
import type { Database } from '../../../platform/db/database';
import type { ClusterRow, DatacenterRow, SmartClusterRow } from '../../../platform/db/schema';
import { NotFoundError, ValidationError } from '../../../platform/http/errors';
import {
  findDatacenterRows,
  findLiveMemberWithPassword,
  findOwnSmartCluster,
  findVisibleSmartCluster,
  smartClustersWithMembers,
} from './cluster.queries';
import { organizationsOf } from './cluster.shared';

/**
 * Smart clusters as the deployment module reads them: where a version can be deployed.
 * Each named smart cluster must be the user's and alive, else 404.
 */
export async function ownSmartClustersWithMembers(
  db: Database,
  userId: string,
  ids: readonly string[],
): Promise<{ smart: SmartClusterRow; members: ClusterRow[] }[]> {
  const unique = [...new Set(ids)];
  const found = await smartClustersWithMembers(db, userId, unique);
  if (found.length !== unique.length) throw new NotFoundError('Smart cluster not found');
  return unique.map((id) => found.find((item) => item.smart.id === id)!);
}

/** The user's live smart cluster, or a 404. */
export async function ownLiveSmartCluster(
  db: Database,
  userId: string,
  id: string,
): Promise<SmartClusterRow> {
  const row = await findOwnSmartCluster(db, userId, id);
  if (!row) throw new NotFoundError('Smart cluster not found');
  return row;
}

/** These datacenters in the order named (duplicates dropped); an unknown one is the spec's 400. */
export async function knownDatacenters(
  db: Database,
  uuids: readonly string[],
): Promise<DatacenterRow[]> {
  const unique = [...new Set(uuids)];
  const rows = await findDatacenterRows(db, unique);
  if (rows.length !== unique.length) throw new ValidationError([validationMessages.datacenter]);
  return unique.map((uuid) => rows.find((row) => row.uuid === uuid)!);
}

/** A member cluster as its monitoring page reads it: alive, where it is, how it is guarded. */
export interface MonitoredMember {
  cluster: ClusterRow;
  datacenter: DatacenterRow;
  /** The smart cluster's monitoring password, sealed; null when it was made without one. */
  monitoringPasswordSealed: string | null;
}

/** The live member cluster of a live smart cluster with this id, whoever owns it; else undefined. */
export async function monitoredMember(
  db: Database,
  clusterId: string,
): Promise<MonitoredMember | undefined> {
  return findLiveMemberWithPassword(db, clusterId);
}

/** Whether the user sees this live smart cluster: their own, or one shared with their organisation. */
export async function smartClusterVisibleTo(
  db: Database,
  userId: string,
  smartClusterId: string,
): Promise<boolean> {
  const organizations = await organizationsOf(db, userId);
  return (await findVisibleSmartCluster(db, userId, organizations, smartClusterId)) !== undefined;
}
