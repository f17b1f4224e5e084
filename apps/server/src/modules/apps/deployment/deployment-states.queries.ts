import type { Status } from '@meridian/domain/status';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import { clusters } from '../../../platform/db/schema/clusters';
import { deployments } from '../../../platform/db/schema/apps';

/** Where and how each of the user's deployments stands, without its manifests: for summaries. */
export interface DeploymentState {
  appId: string;
  status: Status;
  datacenterUuid: string;
}

export function deploymentStatesOfUser(db: Database, userId: string): Promise<DeploymentState[]> {
  return (
    db
      .select({
        appId: deployments.appId,
        status: deployments.status,
        datacenterUuid: clusters.datacenterUuid,
      })
      .from(deployments)
      .innerJoin(clusters, eq(clusters.id, deployments.clusterId))
      // As the full list: deployments on a member cluster that is gone are left out.
      .where(and(eq(deployments.userId, userId), eq(clusters.deleted, false)))
  );
}
