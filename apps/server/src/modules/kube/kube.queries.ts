import { and, asc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  apps,
  clusters,
  datacenters,
  deployments,
  smartClusters,
  versions,
  type AppRow,
  type ClusterRow,
  type DatacenterRow,
  userRevisions,
  type DeploymentRow,
  type VersionRow,
} from '../../db/schema';

/** A deployment with what its card shows about where it runs. */
export interface DeploymentView {
  deployment: DeploymentRow;
  cluster: Pick<ClusterRow, 'id' | 'name'>;
  datacenter: Pick<DatacenterRow, 'uuid' | 'location'>;
  smartClusterName: string;
  appName: string;
  versionName: string;
  version: Pick<VersionRow, 'templateType' | 'flavorName' | 'volumeType'>;
}

// Versions without their raw template: lists never need it and it can be large.
const versionColumns = {
  id: versions.id,
  appId: versions.appId,
  userId: versions.userId,
  name: versions.name,
  templateType: versions.templateType,
  templateName: versions.templateName,
  flavorName: versions.flavorName,
  volumeType: versions.volumeType,
  deleting: versions.deleting,
  createdAt: versions.createdAt,
  updatedAt: versions.updatedAt,
};

export type VersionSummaryRow = Omit<
  VersionRow,
  'rawTemplate' | 'registry' | 'registryPasswordSealed'
>;

export async function listAppRows(db: Database, userId: string, appId?: string): Promise<AppRow[]> {
  return db
    .select()
    .from(apps)
    .where(and(eq(apps.userId, userId), appId ? eq(apps.id, appId) : undefined))
    .orderBy(asc(apps.createdAt), asc(apps.id));
}

export async function listVersionRows(
  db: Database,
  userId: string,
  appId?: string,
): Promise<VersionSummaryRow[]> {
  return db
    .select(versionColumns)
    .from(versions)
    .where(and(eq(versions.userId, userId), appId ? eq(versions.appId, appId) : undefined))
    .orderBy(asc(versions.createdAt), asc(versions.id));
}

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

export function deploymentsOfUser(userId: string, appId?: string): SQL | undefined {
  return and(eq(deployments.userId, userId), appId ? eq(deployments.appId, appId) : undefined);
}

export function deploymentsWithIds(ids: readonly string[]): SQL {
  return inArray(deployments.id, [...ids]);
}

export async function findOwnApp(
  db: Database,
  userId: string,
  id: string,
): Promise<AppRow | undefined> {
  const [row] = await db
    .select()
    .from(apps)
    .where(and(eq(apps.id, id), eq(apps.userId, userId)));
  return row;
}

export async function findOwnVersion(
  db: Database,
  userId: string,
  id: string,
): Promise<VersionRow | undefined> {
  const [row] = await db
    .select()
    .from(versions)
    .where(and(eq(versions.id, id), eq(versions.userId, userId)));
  return row;
}

export async function lockApp(tx: Database, id: string): Promise<AppRow | undefined> {
  const [row] = await tx.select().from(apps).where(eq(apps.id, id)).for('update');
  return row;
}

/**
 * The user's revision (see `userRevisions`): it changes whenever anything the app list shows
 * changes, in any process, so a list built at an equal revision is still true.
 */
export async function appListStamp(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ revision: userRevisions.revision })
    .from(userRevisions)
    .where(eq(userRevisions.userId, userId));
  return row?.revision ?? 0;
}

/** Version uuids deployed on each of the user's smart clusters (the smart cluster's version_uuids). */
export async function versionUuidsBySmartCluster(
  db: Database,
  userId: string,
): Promise<Map<string, string[]>> {
  const rows = await db
    .selectDistinct({
      smartClusterId: deployments.smartClusterId,
      versionId: deployments.versionId,
    })
    .from(deployments)
    .where(eq(deployments.userId, userId));
  const bySmartCluster = new Map<string, string[]>();
  for (const row of rows) {
    bySmartCluster.set(row.smartClusterId, [
      ...(bySmartCluster.get(row.smartClusterId) ?? []),
      row.versionId,
    ]);
  }
  return bySmartCluster;
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

/** Sets a deployment's domain names and status (the domain module's update of spec §4). */
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

/** The user's deployments of one version on one smart cluster. */
export function deploymentsOfVersionOn(
  userId: string,
  versionId: string,
  smartClusterId: string,
): SQL | undefined {
  return and(
    eq(deployments.userId, userId),
    eq(deployments.versionId, versionId),
    eq(deployments.smartClusterId, smartClusterId),
  );
}
