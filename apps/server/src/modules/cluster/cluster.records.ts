import { validationMessages } from '@meridian/domain/validation-messages';
import type { Database } from '../../platform/db/database';
import type { ClusterRow, DatacenterRow, SmartClusterRow } from '../../platform/db/schema';
import { NotFoundError, ValidationError } from '../../platform/http/errors';
import {
  findDatacenterRows,
  findOwnSmartCluster,
  smartClustersWithMembers,
} from './cluster.queries';

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
