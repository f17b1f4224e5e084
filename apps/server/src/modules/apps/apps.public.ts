// The apps context's public face (docs/architecture.md): the only file of it that other contexts
// import. Deployments as the domains context names, certifies and serves them, and the apps on a
// smart cluster as the clusters context moves them (app.ts hands it over at start).
import type { DeploymentsOnSmartClusters } from '../clusters/clusters.public';
import type { Database } from '../../platform/db/database';
import { ownerOfRow } from '../../platform/db/row-owner';
import { count, eq } from 'drizzle-orm';
import { apps, deployments, versions } from '../../platform/db/schema/apps';
import { inTransaction, type AppsContext } from './apps-context';
import {
  carryDeployments,
  deploymentsBusyOn,
  removeDeploymentsOn,
} from './deployment/deployment.moves';
import {
  memberDeploymentsOfUser,
  versionUuidsBySmartCluster,
} from './deployment/deployment.queries';

export { toDeployment } from './deployment/deployment.mapper';
export {
  findOwnDeployment,
  listNamedDeployments,
  setDeploymentCertificate,
  setDeploymentDomainNames,
} from './deployment/deployment.queries';
export {
  deploymentViewsOfVersionOn,
  deploymentViewsWithIds,
  namedDeploymentViews,
} from './deployment/deployment.records';
export type { DeploymentView } from './deployment/deployment.types';
export type { PreviewNames } from './apps-context';

/** The apps on smart clusters, for the clusters context: each move runs in its own transaction. */
export function deploymentsOnSmartClusters(
  context: Pick<AppsContext, 'db' | 'jobs' | 'secrets' | 'now'>,
): DeploymentsOnSmartClusters {
  return {
    versionUuidsBySmartCluster,
    memberDeploymentsOfUser,
    busyOn: deploymentsBusyOn,
    carry: (smartClusterId, from, to) =>
      inTransaction(context, (tx, send) =>
        carryDeployments(context, tx, send, smartClusterId, from, to),
      ),
    removeFrom: (members) =>
      inTransaction(context, (tx, send) => removeDeploymentsOn(context, tx, send, members)),
  };
}

/** The account a version belongs to (for another context's route: docs/organizations.md). */
export function versionOwner(db: Database, versionId: string): Promise<string | undefined> {
  return ownerOfRow(db, versions, versionId);
}

/** The account a deployment belongs to. */
export function deploymentOwner(db: Database, deploymentId: string): Promise<string | undefined> {
  return ownerOfRow(db, deployments, deploymentId);
}

/** How many apps an account owns (an organisation is deleted only when it owns none). */
export async function appCount(db: Database, accountId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(apps).where(eq(apps.userId, accountId));
  return row?.value ?? 0;
}
