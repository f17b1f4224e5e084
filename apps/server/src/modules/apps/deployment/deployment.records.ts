import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import {
  deploymentsNamedUnder,
  deploymentsOfUser,
  deploymentsOfVersionOn,
  deploymentsWithIds,
  listDeploymentViews,
  namedDeploymentsOfUser,
  production,
  workOf,
  workOfDeployment,
} from './deployment.queries';
import type { DeploymentView, DeploymentWork } from './deployment.types';
import { deployments } from '../../../platform/db/schema/apps';

/**
 * Deployments as the app, version, CI/CD and smart-cluster modules read them: the cards an
 * answer shows, and the rows a change to an app or version works on.
 */

/** The user's deployments (of one app when given), as cards show them. */
export function deploymentViewsOfUser(
  db: Database,
  userId: string,
  appId?: string,
): Promise<DeploymentView[]> {
  return listDeploymentViews(db, deploymentsOfUser(userId, appId));
}

export function deploymentViewsOfVersion(
  db: Database,
  userId: string,
  versionId: string,
): Promise<DeploymentView[]> {
  return listDeploymentViews(
    db,
    and(deploymentsOfUser(userId), eq(deployments.versionId, versionId)),
  );
}

export function deploymentViewsWithIds(
  db: Database,
  ids: readonly string[],
): Promise<DeploymentView[]> {
  return listDeploymentViews(db, deploymentsWithIds(ids));
}

/** Everything a change needs about an app's locations (not its previews), in the caller's transaction. */
export function deploymentWorkOfApp(tx: Database, appId: string): Promise<DeploymentWork[]> {
  return workOf(tx, and(eq(deployments.appId, appId), production));
}

/** Every deployment of an app, its previews too: what deleting the app removes. */
export function everyDeploymentWorkOfApp(tx: Database, appId: string): Promise<DeploymentWork[]> {
  return workOf(tx, eq(deployments.appId, appId));
}

export function deploymentWorkOfVersion(
  tx: Database,
  versionId: string,
): Promise<DeploymentWork[]> {
  return workOf(tx, eq(deployments.versionId, versionId));
}

/** Everything a change needs about one deployment (any user's: the caller checks the owner). */
export async function deploymentWork(
  tx: Database,
  id: string,
): Promise<DeploymentWork | undefined> {
  return (await workOfDeployment(tx, id))[0];
}

/** Everything a change needs about an app's locations on one smart cluster (not its previews). */
export function deploymentWorkOfAppOn(
  tx: Database,
  appId: string,
  smartClusterId: string,
): Promise<DeploymentWork[]> {
  return workOf(
    tx,
    and(eq(deployments.appId, appId), eq(deployments.smartClusterId, smartClusterId), production),
  );
}

/** The user's deployments of one version on one smart cluster. */
export function deploymentViewsOfVersionOn(
  db: Database,
  userId: string,
  versionId: string,
  smartClusterId: string,
): Promise<DeploymentView[]> {
  return listDeploymentViews(db, deploymentsOfVersionOn(userId, versionId, smartClusterId));
}

/** The user's deployments with domain names (all, or those under `domainName`). */
export function namedDeploymentViews(
  db: Database,
  userId: string,
  domainName?: string,
): Promise<DeploymentView[]> {
  return domainName
    ? deploymentsNamedUnder(db, userId, domainName)
    : namedDeploymentsOfUser(db, userId);
}

/** An app's previews as cards show them, newest request first (issue 39). */
export async function previewViewsOfApp(db: Database, appId: string): Promise<DeploymentView[]> {
  const views = await listDeploymentViews(
    db,
    and(eq(deployments.appId, appId), isNotNull(deployments.previewNumber)),
  );
  return views.sort(
    (a, b) => (b.deployment.previewNumber ?? 0) - (a.deployment.previewNumber ?? 0),
  );
}

/** The preview of one pull/merge request, with its work, inside the caller's transaction. */
export async function previewWork(
  tx: Database,
  appId: string,
  prNumber: number,
): Promise<DeploymentWork | undefined> {
  const [work] = await workOf(
    tx,
    and(eq(deployments.appId, appId), eq(deployments.previewNumber, prNumber)),
  );
  return work;
}
