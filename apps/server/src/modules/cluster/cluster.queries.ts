import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import {
  clusters,
  datacenters,
  smartClusters,
  type ClusterRow,
  type DatacenterRow,
  type SmartClusterRow,
} from '../../platform/db/schema';

export async function listDatacenterRows(db: Database): Promise<DatacenterRow[]> {
  return db.select().from(datacenters).orderBy(asc(datacenters.position));
}

export async function findDatacenterRows(
  db: Database,
  uuids: readonly string[],
): Promise<DatacenterRow[]> {
  if (uuids.length === 0) return [];
  return db
    .select()
    .from(datacenters)
    .where(inArray(datacenters.uuid, [...uuids]));
}

/** The user's smart cluster, unless deleted; another user's is as absent as a missing one. */
export async function findOwnSmartCluster(
  db: Database,
  userId: string,
  id: string,
): Promise<SmartClusterRow | undefined> {
  const [row] = await db
    .select()
    .from(smartClusters)
    .where(
      and(
        eq(smartClusters.id, id),
        eq(smartClusters.userId, userId),
        eq(smartClusters.deleted, false),
      ),
    );
  return row;
}

export async function lockSmartCluster(
  tx: Database,
  id: string,
): Promise<SmartClusterRow | undefined> {
  const [row] = await tx.select().from(smartClusters).where(eq(smartClusters.id, id)).for('update');
  return row;
}

export async function listSmartClusterRows(
  db: Database,
  userId: string,
): Promise<SmartClusterRow[]> {
  return db
    .select()
    .from(smartClusters)
    .where(and(eq(smartClusters.userId, userId), eq(smartClusters.deleted, false)))
    .orderBy(asc(smartClusters.orderKey));
}

export interface MemberWithDatacenter {
  cluster: ClusterRow;
  datacenter: DatacenterRow;
}

export async function listMemberRows(
  db: Database,
  where: { userId: string } | { smartClusterId: string },
): Promise<MemberWithDatacenter[]> {
  const condition =
    'userId' in where
      ? eq(clusters.userId, where.userId)
      : eq(clusters.smartClusterId, where.smartClusterId);
  return db
    .select({ cluster: clusters, datacenter: datacenters })
    .from(clusters)
    .innerJoin(datacenters, eq(datacenters.uuid, clusters.datacenterUuid))
    .where(and(condition, eq(clusters.deleted, false)))
    .orderBy(asc(clusters.createdAt), asc(datacenters.position));
}

export async function findMember(
  db: Database,
  id: string,
): Promise<MemberWithDatacenter | undefined> {
  const [row] = await db
    .select({ cluster: clusters, datacenter: datacenters })
    .from(clusters)
    .innerJoin(datacenters, eq(datacenters.uuid, clusters.datacenterUuid))
    .where(eq(clusters.id, id));
  return row;
}

/** The user's live smart clusters among `ids`, each with its live member clusters. */
export async function smartClustersWithMembers(
  db: Database,
  userId: string,
  ids: readonly string[],
): Promise<{ smart: SmartClusterRow; members: ClusterRow[] }[]> {
  const rows = await db
    .select()
    .from(smartClusters)
    .where(
      and(
        inArray(smartClusters.id, [...ids]),
        eq(smartClusters.userId, userId),
        eq(smartClusters.deleted, false),
      ),
    );
  const members = await db
    .select()
    .from(clusters)
    .where(and(inArray(clusters.smartClusterId, [...ids]), eq(clusters.deleted, false)));
  return rows.map((smart) => ({
    smart,
    members: members.filter((member) => member.smartClusterId === smart.id),
  }));
}
