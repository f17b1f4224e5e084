// The clusters context's public face (docs/architecture.md): the only file of it that other
// contexts import. Where a version can be deployed, and what the context asks of the apps
// deployed on its smart clusters (app.ts supplies it, so clusters never import apps).
import type { MemberDeployment } from '@meridian/domain/clusters/cluster-api';
import type { Database } from '../../platform/db/database';
import { NotFoundError } from '../../platform/http/errors';
import { findOwnSmartCluster, smartClustersWithMembers } from './cluster/cluster.queries';
import { and, count, eq } from 'drizzle-orm';
import { ownerOfRow } from '../../platform/db/row-owner';
import {
  smartClusters,
  type ClusterRow,
  type SmartClusterRow,
} from '../../platform/db/schema/clusters';

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

/** The apps deployed on smart clusters, as the clusters context reads and moves them. */
export interface DeploymentsOnSmartClusters {
  /** The version uuids deployed on each of the user's smart clusters, or on the one named. */
  versionUuidsBySmartCluster(
    db: Database,
    userId: string,
    smartClusterId?: string,
  ): Promise<Map<string, string[]>>;
  /** The user's deployments by the member cluster they run on (of one smart cluster, if named). */
  memberDeploymentsOfUser(
    db: Database,
    userId: string,
    smartClusterId?: string,
  ): Promise<Map<string, MemberDeployment[]>>;
  /** Whether any deployment on these members is still being worked on. */
  busyOn(db: Database, members: readonly string[]): Promise<boolean>;
  /** Starts on `to` every app running on `from` (a smart cluster placed again); answers how many. */
  carry(smartClusterId: string, from: readonly string[], to: readonly string[]): Promise<number>;
  /** Removes every deployment on these members; answers how many are left to remove. */
  removeFrom(members: readonly string[]): Promise<number>;
}

/** The account a smart cluster belongs to (for another context's route: docs/organizations.md). */
export function smartClusterOwner(
  db: Database,
  smartClusterId: string,
): Promise<string | undefined> {
  return ownerOfRow(db, smartClusters, smartClusterId);
}

/** How many live smart clusters an account owns. */
export async function smartClusterCount(db: Database, accountId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(smartClusters)
    .where(and(eq(smartClusters.userId, accountId), eq(smartClusters.deleted, false)));
  return row?.value ?? 0;
}
