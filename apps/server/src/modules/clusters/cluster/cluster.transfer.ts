import { organizationMessages } from '@meridian/domain/auth/organization';
import type { SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import { eq } from 'drizzle-orm';
import { clusters, smartClusters } from '../../../platform/db/schema/clusters';
import { ConflictError, NotFoundError } from '../../../platform/http/errors';
import type { ClusterContext } from '../cluster-context';
import { toSmartCluster } from './cluster.mapper';
import { findOwnSmartCluster } from './cluster.queries';

/**
 * Moves a personal smart cluster, with its member clusters, into an organisation's account
 * (docs/organizations.md). Only one with nothing deployed on it moves: the apps on it are the
 * caller's own, and an organisation's smart clusters run only the organisation's apps.
 */
export async function moveSmartClusterToOrganization(
  context: ClusterContext,
  callerId: string,
  smartClusterId: string,
  organizationId: string,
): Promise<SmartCluster> {
  const { db } = context;
  const own = await findOwnSmartCluster(db, callerId, smartClusterId);
  if (!own) throw new NotFoundError('Smart cluster not found');
  if (own.defaultSharedForOrgUuid) {
    throw new ConflictError(organizationMessages.alreadyOrganization('smart cluster'));
  }
  const deployed = await context.deployments.versionUuidsBySmartCluster(db, callerId, own.id);
  if ((deployed.get(own.id) ?? []).length > 0) {
    throw new ConflictError(organizationMessages.moveDeployed('smart cluster'));
  }
  const [moved] = await db.transaction(async (tx) => {
    await tx
      .update(clusters)
      .set({ userId: organizationId })
      .where(eq(clusters.smartClusterId, own.id));
    return tx
      .update(smartClusters)
      .set({ userId: organizationId, organizationId })
      .where(eq(smartClusters.id, own.id))
      .returning();
  });
  return toSmartCluster(moved!);
}
