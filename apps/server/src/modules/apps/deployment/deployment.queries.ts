import type { MemberDeployment } from '@meridian/domain/clusters/cluster-api';
import type { Status } from '@meridian/domain/status';
import { and, asc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import type { DeploymentView, DeploymentWork } from './deployment.types';
import { apps, deployments, versions, type DeploymentRow } from '../../../platform/db/schema/apps';
import { clusters, datacenters, smartClusters } from '../../../platform/db/schema/clusters';

/** Deployments with their cluster, datacenter and names, in one query; gone clusters' are left out. */
export async function listDeploymentViews(
  db: Database,
  where: SQL | undefined,
): Promise<DeploymentView[]> {
  return db
    .select({
      deployment: deployments,
      // Only what the card shows: a cluster row also holds its sealed kubeconfig.
      cluster: { id: clusters.id, name: clusters.name },
      datacenter: { uuid: datacenters.uuid, location: datacenters.location },
      smartClusterName: smartClusters.name,
      appName: apps.name,
      versionName: versions.name,
      version: {
        templateType: versions.templateType,
        flavorName: versions.flavorName,
        volumeType: versions.volumeType,
      },
    })
    .from(deployments)
    .innerJoin(clusters, eq(clusters.id, deployments.clusterId))
    .innerJoin(datacenters, eq(datacenters.uuid, clusters.datacenterUuid))
    .innerJoin(smartClusters, eq(smartClusters.id, deployments.smartClusterId))
    .innerJoin(apps, eq(apps.id, deployments.appId))
    .innerJoin(versions, eq(versions.id, deployments.versionId))
    .where(and(where, eq(clusters.deleted, false)))
    .orderBy(asc(deployments.createdAt), asc(datacenters.position));
}

/** The app's own locations: every deployment but pull requests' previews (issue 39). */
export const production: SQL = isNull(deployments.previewNumber);

/** The user's production deployments (of one app when given). */
export function deploymentsOfUser(userId: string, appId?: string): SQL | undefined {
  return and(
    eq(deployments.userId, userId),
    production,
    appId ? eq(deployments.appId, appId) : undefined,
  );
}

export function deploymentsWithIds(ids: readonly string[]): SQL {
  return inArray(deployments.id, [...ids]);
}

/** The user's deployments, on one smart cluster when it is named. */
function ofUserOn(userId: string, smartClusterId?: string): SQL | undefined {
  const on = smartClusterId ? eq(deployments.smartClusterId, smartClusterId) : undefined;
  return and(eq(deployments.userId, userId), on);
}

/** Version uuids deployed on each of the user's smart clusters (the smart cluster's version_uuids). */
export async function versionUuidsBySmartCluster(
  db: Database,
  userId: string,
  smartClusterId?: string,
): Promise<Map<string, string[]>> {
  const rows = await db
    .selectDistinct({
      smartClusterId: deployments.smartClusterId,
      versionId: deployments.versionId,
    })
    .from(deployments)
    .where(ofUserOn(userId, smartClusterId));
  const bySmartCluster = new Map<string, string[]>();
  for (const row of rows) {
    // Appended in place: a copy per row is quadratic in a smart cluster's versions.
    const versions = bySmartCluster.get(row.smartClusterId);
    if (versions) versions.push(row.versionId);
    else bySmartCluster.set(row.smartClusterId, [row.versionId]);
  }
  return bySmartCluster;
}

export async function memberDeploymentsOfUser(
  db: Database,
  userId: string,
  smartClusterId?: string,
): Promise<Map<string, MemberDeployment[]>> {
  const rows = await db
    .select({
      clusterId: deployments.clusterId,
      uuid: deployments.id,
      app_uuid: deployments.appId,
      version_uuid: deployments.versionId,
      status: deployments.status,
    })
    .from(deployments)
    .where(ofUserOn(userId, smartClusterId));
  const byCluster = new Map<string, MemberDeployment[]>();
  for (const { clusterId, ...deployment } of rows) {
    byCluster.set(clusterId, [...(byCluster.get(clusterId) ?? []), deployment]);
  }
  return byCluster;
}

/** A deployment of the user's with the names DNS and certificate work need. */
export async function findOwnDeployment(
  db: Database,
  userId: string,
  id: string,
): Promise<DeploymentView | undefined> {
  const [view] = await listDeploymentViews(
    db,
    and(eq(deployments.id, id), eq(deployments.userId, userId)),
  );
  return view;
}

/** Sets a deployment's domain names and status (the domain module's update of spec "States and transitions"). */
export async function setDeploymentDomainNames(
  tx: Database,
  id: string,
  change: { domainNames?: string[]; status: DeploymentRow['status']; statusReason?: string | null },
): Promise<void> {
  await tx
    .update(deployments)
    .set({
      ...(change.domainNames ? { domainNames: change.domainNames } : {}),
      status: change.status,
      statusReason: change.statusReason ?? null,
      updatedAt: new Date(),
    })
    .where(eq(deployments.id, id));
}

export async function setDeploymentCertificate(
  tx: Database,
  id: string,
  certificateId: string,
): Promise<void> {
  await tx
    .update(deployments)
    .set({ certificateUuid: certificateId, updatedAt: new Date() })
    .where(eq(deployments.id, id));
}

/** Deployments with domain names and an address: what DNS answers for them. */
export async function listNamedDeployments(
  db: Database,
): Promise<{ domainNames: string[]; endpoint: string; userId: string }[]> {
  const rows = await db
    .select({
      domainNames: deployments.domainNames,
      endpoint: deployments.endpoint,
      userId: deployments.userId,
    })
    .from(deployments)
    .innerJoin(clusters, eq(clusters.id, deployments.clusterId))
    .where(
      and(
        sql`${deployments.domainNames} <> '[]'::jsonb`,
        isNotNull(deployments.endpoint),
        eq(clusters.deleted, false),
      ),
    );
  return rows.map((row) => ({ ...row, endpoint: row.endpoint! }));
}

/** The user's deployments that have domain names. */
export async function namedDeploymentsOfUser(
  db: Database,
  userId: string,
): Promise<DeploymentView[]> {
  return listDeploymentViews(
    db,
    and(eq(deployments.userId, userId), sql`${deployments.domainNames} <> '[]'::jsonb`),
  );
}

/** The user's deployments whose domain names fall under `domainName`. */
export async function deploymentsNamedUnder(
  db: Database,
  userId: string,
  domainName: string,
): Promise<DeploymentView[]> {
  return (await namedDeploymentsOfUser(db, userId)).filter((view) =>
    view.deployment.domainNames.some(
      (name) => name === domainName || name.endsWith(`.${domainName}`),
    ),
  );
}

/** The user's deployments of one version on one smart cluster (its previews aside). */
export function deploymentsOfVersionOn(
  userId: string,
  versionId: string,
  smartClusterId: string,
): SQL | undefined {
  return and(
    eq(deployments.userId, userId),
    eq(deployments.versionId, versionId),
    eq(deployments.smartClusterId, smartClusterId),
    production,
  );
}

/** Deployments with their cluster, datacenter, version, app and smart cluster rows. */
export async function workOf(db: Database, where: SQL | undefined): Promise<DeploymentWork[]> {
  return db
    .select({
      deployment: deployments,
      cluster: clusters,
      datacenter: datacenters,
      version: versions,
      app: apps,
      smartCluster: smartClusters,
    })
    .from(deployments)
    .innerJoin(clusters, eq(clusters.id, deployments.clusterId))
    .innerJoin(datacenters, eq(datacenters.uuid, clusters.datacenterUuid))
    .innerJoin(versions, eq(versions.id, deployments.versionId))
    .innerJoin(apps, eq(apps.id, deployments.appId))
    .innerJoin(smartClusters, eq(smartClusters.id, deployments.smartClusterId))
    .where(where);
}

export async function findDeploymentWork(
  db: Database,
  id: string,
): Promise<DeploymentWork | undefined> {
  const [row] = await workOf(db, eq(deployments.id, id));
  return row;
}

/**
 * The deployments of the same app, version and smart cluster doing the same operation; a
 * preview is a group of its own.
 */
export async function groupSiblings(tx: Database, work: DeploymentWork) {
  const { app, version, smartCluster, deployment } = work;
  const group =
    deployment.previewNumber !== null
      ? eq(deployments.id, deployment.id)
      : and(
          eq(deployments.appId, app.id),
          eq(deployments.versionId, version.id),
          eq(deployments.smartClusterId, smartCluster.id),
          eq(deployments.operation, deployment.operation),
          production,
        );
  return tx
    .select({
      status: deployments.status,
      operation: deployments.operation,
      reason: deployments.statusReason,
    })
    .from(deployments)
    .where(group);
}

/** What is left of an app's deployments, with their versions and states. */
export async function remainingDeploymentsOfApp(tx: Database, appId: string) {
  return tx
    .select({ id: deployments.id, versionId: deployments.versionId, status: deployments.status })
    .from(deployments)
    .where(eq(deployments.appId, appId));
}

/**
 * Records the driver's deadline for the deployment's current operation unless its status moved
 * on meanwhile; the deadline now stored (undefined when the status changed).
 */
export async function recordOperationDeadline(
  db: Database,
  deployment: Pick<DeploymentRow, 'id' | 'status'>,
  deadline: Date,
): Promise<Date | null | undefined> {
  const [row] = await db
    .update(deployments)
    .set({ operationDeadline: deadline })
    .where(and(eq(deployments.id, deployment.id), eq(deployments.status, deployment.status)))
    .returning({ deadline: deployments.operationDeadline });
  return row?.deadline;
}

export type DeploymentChange = Partial<typeof deployments.$inferInsert> & { updatedAt: Date };

/** The guard of every ending: the deployment is still in the status and operation it was read in. */
function stillWorking(deployment: Pick<DeploymentRow, 'id' | 'status' | 'operation'>): SQL {
  return and(
    eq(deployments.id, deployment.id),
    eq(deployments.status, deployment.status),
    eq(deployments.operation, deployment.operation),
  )!;
}

/** Writes the change if no other run ended the operation first; whether it did. */
export async function changeDeploymentIfStill(
  tx: Database,
  deployment: Pick<DeploymentRow, 'id' | 'status' | 'operation'>,
  change: DeploymentChange,
): Promise<boolean> {
  const rows = await tx
    .update(deployments)
    .set(change)
    .where(stillWorking(deployment))
    .returning({ id: deployments.id });
  return rows.length > 0;
}

export async function deleteDeploymentIfStill(
  tx: Database,
  deployment: Pick<DeploymentRow, 'id' | 'status' | 'operation'>,
): Promise<boolean> {
  const rows = await tx
    .delete(deployments)
    .where(stillWorking(deployment))
    .returning({ id: deployments.id });
  return rows.length > 0;
}

export async function insertDeploymentRows(
  tx: Database,
  values: (typeof deployments.$inferInsert)[],
): Promise<string[]> {
  const rows = await tx.insert(deployments).values(values).returning({ id: deployments.id });
  return rows.map((row) => row.id);
}

export async function changeDeploymentRow(
  tx: Database,
  id: string,
  change: DeploymentChange,
): Promise<void> {
  await tx.update(deployments).set(change).where(eq(deployments.id, id));
}

export async function deleteDeploymentRow(tx: Database, id: string): Promise<void> {
  await tx.delete(deployments).where(eq(deployments.id, id));
}

/** The ids of a version's deployments on these smart clusters. */
export async function deploymentIdsOfVersionOn(
  tx: Database,
  versionId: string,
  smartClusterIds: readonly string[],
): Promise<string[]> {
  const rows = await tx
    .select({ id: deployments.id })
    .from(deployments)
    .where(
      and(
        eq(deployments.versionId, versionId),
        inArray(deployments.smartClusterId, smartClusterIds.slice()),
        production,
      ),
    );
  return rows.map((row) => row.id);
}

export function workOfVersion(tx: Database, versionId: string): Promise<DeploymentWork[]> {
  return workOf(tx, eq(deployments.versionId, versionId));
}

export function workOfDeployment(tx: Database, id: string): Promise<DeploymentWork[]> {
  return workOf(tx, eq(deployments.id, id));
}

/** The user's deployments among these ids (another user's are left out). */
export function workOfUserDeployments(
  tx: Database,
  userId: string,
  ids: readonly string[],
): Promise<DeploymentWork[]> {
  return workOf(tx, and(inArray(deployments.id, ids.slice()), eq(deployments.userId, userId)));
}

export function deploymentViewsOnSmartCluster(
  db: Database,
  userId: string,
  smartClusterId: string,
): Promise<DeploymentView[]> {
  return listDeploymentViews(
    db,
    and(deploymentsOfUser(userId), eq(deployments.smartClusterId, smartClusterId)),
  );
}

/** The deployments on these member clusters (of one smart cluster when given), with their work. */
export function workOnClusters(
  db: Database,
  clusterIds: readonly string[],
  smartClusterId?: string,
): Promise<DeploymentWork[]> {
  const onClusters = inArray(deployments.clusterId, [...clusterIds]);
  return workOf(
    db,
    smartClusterId ? and(eq(deployments.smartClusterId, smartClusterId), onClusters) : onClusters,
  );
}

export async function statusesOnClusters(
  db: Database,
  clusterIds: readonly string[],
): Promise<Status[]> {
  const rows = await db
    .select({ status: deployments.status })
    .from(deployments)
    .where(inArray(deployments.clusterId, [...clusterIds]));
  return rows.map((row) => row.status);
}
