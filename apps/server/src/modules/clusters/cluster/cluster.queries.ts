import type { PlacementDecision } from '@meridian/domain/clusters/placement-decision';
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import type { SealedColumn } from '../../../platform/secret-rotation';
import {
  clusters,
  datacenters,
  smartClusters,
  type ClusterRow,
  type DatacenterRow,
  type SmartClusterRow,
} from '../../../platform/db/schema/clusters';
import { smartClusterPlacements } from '../../../platform/db/schema/clusters';

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
export function findOwnSmartCluster(
  db: Database,
  userId: string,
  id: string,
): Promise<SmartClusterRow | undefined> {
  return findVisibleSmartCluster(db, userId, [], id);
}

/** AUTOMATIC smart clusters at rest (running, not moving): what re-placement looks at. */
export async function listSettledAutomaticRows(db: Database): Promise<SmartClusterRow[]> {
  return db
    .select()
    .from(smartClusters)
    .where(
      and(
        eq(smartClusters.mode, 'AUTOMATIC'),
        eq(smartClusters.status, 'success'),
        eq(smartClusters.deleted, false),
        isNull(smartClusters.replacement),
      ),
    )
    .orderBy(asc(smartClusters.id));
}

/** Any smart cluster by id, as its jobs read it. */
export async function findSmartClusterRow(
  db: Database,
  id: string,
): Promise<SmartClusterRow | undefined> {
  const [row] = await db.select().from(smartClusters).where(eq(smartClusters.id, id));
  return row;
}

export async function lockSmartCluster(
  tx: Database,
  id: string,
): Promise<SmartClusterRow | undefined> {
  const [row] = await tx.select().from(smartClusters).where(eq(smartClusters.id, id)).for('update');
  return row;
}

/** The user's live smart clusters, and the defaults shared with their organisations. */
/** Smart clusters the user sees: their own and their organisations' shared ones. */
function visibleTo(userId: string, organizationIds: readonly string[]) {
  return organizationIds.length > 0
    ? or(
        eq(smartClusters.userId, userId),
        inArray(smartClusters.defaultSharedForOrgUuid, [...organizationIds]),
      )
    : eq(smartClusters.userId, userId);
}

export async function listSmartClusterRows(
  db: Database,
  userId: string,
  organizationIds: readonly string[] = [],
): Promise<SmartClusterRow[]> {
  return db
    .select()
    .from(smartClusters)
    .where(and(visibleTo(userId, organizationIds), eq(smartClusters.deleted, false)))
    .orderBy(asc(smartClusters.orderKey));
}

/** One live smart cluster the user sees; another user's is as absent as a missing one. */
export async function findVisibleSmartCluster(
  db: Database,
  userId: string,
  organizationIds: readonly string[],
  id: string,
): Promise<SmartClusterRow | undefined> {
  const [row] = await db
    .select()
    .from(smartClusters)
    .where(
      and(
        eq(smartClusters.id, id),
        visibleTo(userId, organizationIds),
        eq(smartClusters.deleted, false),
      ),
    );
  return row;
}

/** A live shared smart cluster by id, whoever owns it (callers check who may act on it). */
export async function findSharedSmartCluster(
  db: Database,
  id: string,
): Promise<SmartClusterRow | undefined> {
  const [row] = await db
    .select()
    .from(smartClusters)
    .where(
      and(
        eq(smartClusters.id, id),
        isNotNull(smartClusters.defaultSharedForOrgUuid),
        eq(smartClusters.deleted, false),
      ),
    );
  return row;
}

/**
 * Inside a transaction: waits for any other claim on the organisation's default, then whether
 * it already has a live one.
 */
export async function organizationHasDefault(tx: Database, organizationId: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`meridian:org-default:${organizationId}`}))`,
  );
  const [row] = await tx
    .select({ id: smartClusters.id })
    .from(smartClusters)
    .where(
      and(
        eq(smartClusters.defaultSharedForOrgUuid, organizationId),
        eq(smartClusters.deleted, false),
      ),
    );
  return row !== undefined;
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

/** A live member of a live smart cluster, with the smart cluster's sealed monitoring password. */
export async function findLiveMemberWithPassword(
  db: Database,
  id: string,
): Promise<(MemberWithDatacenter & { monitoringPasswordSealed: string | null }) | undefined> {
  const [row] = await db
    .select({
      cluster: clusters,
      datacenter: datacenters,
      monitoringPasswordSealed: smartClusters.monitoringPasswordSealed,
    })
    .from(clusters)
    .innerJoin(datacenters, eq(datacenters.uuid, clusters.datacenterUuid))
    .innerJoin(smartClusters, eq(smartClusters.id, clusters.smartClusterId))
    .where(and(eq(clusters.id, id), eq(clusters.deleted, false), eq(smartClusters.deleted, false)));
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

export type SmartClusterChange = Partial<typeof smartClusters.$inferInsert> & { updatedAt: Date };

export async function updateSmartClusterRow(
  db: Database,
  id: string,
  change: SmartClusterChange,
): Promise<void> {
  await db.update(smartClusters).set(change).where(eq(smartClusters.id, id));
}

export type MemberChange = Partial<typeof clusters.$inferInsert>;

/**
 * Ends a member's operation only while it is still in that operation's status: the guard against
 * a second worker or a re-run. The updated row, or undefined when another run ended it first.
 */
export async function finishMemberRow(
  tx: Database,
  id: string,
  runningStatus: ClusterRow['status'],
  change: MemberChange,
): Promise<ClusterRow | undefined> {
  const [row] = await tx
    .update(clusters)
    .set(change)
    .where(
      and(eq(clusters.id, id), eq(clusters.status, runningStatus), eq(clusters.deleted, false)),
    )
    .returning();
  return row;
}

/** Records the member's operation deadline unless a run already did; the deadline it wrote. */
export async function recordMemberDeadline(
  db: Database,
  id: string,
  deadline: Date,
): Promise<Date | null | undefined> {
  const [row] = await db
    .update(clusters)
    .set({ operationDeadline: deadline })
    .where(and(eq(clusters.id, id), isNull(clusters.operationDeadline)))
    .returning({ deadline: clusters.operationDeadline });
  return row?.deadline;
}

export async function insertSmartClusterRow(
  tx: Database,
  values: typeof smartClusters.$inferInsert,
): Promise<SmartClusterRow> {
  const [row] = await tx.insert(smartClusters).values(values).returning();
  return row!;
}

/** Writes the change and answers the smart cluster as it now is (the caller holds its lock). */
export async function changeSmartClusterRow(
  tx: Database,
  id: string,
  change: SmartClusterChange,
): Promise<SmartClusterRow> {
  const [row] = await tx
    .update(smartClusters)
    .set(change)
    .where(eq(smartClusters.id, id))
    .returning();
  return row!;
}

export async function insertMemberRows(
  tx: Database,
  values: (typeof clusters.$inferInsert)[],
): Promise<ClusterRow[]> {
  return tx.insert(clusters).values(values).returning();
}

export async function changeMemberRow(
  tx: Database,
  id: string,
  change: MemberChange,
): Promise<ClusterRow> {
  const [row] = await tx.update(clusters).set(change).where(eq(clusters.id, id)).returning();
  return row!;
}

/** Every member still there starts deleting, its old deadline dropped. */
export async function startDeletingMembers(
  tx: Database,
  smartClusterId: string,
  at: Date,
): Promise<ClusterRow[]> {
  return tx
    .update(clusters)
    .set({ status: 'deleting', operationDeadline: null, updatedAt: at })
    .where(and(eq(clusters.smartClusterId, smartClusterId), eq(clusters.deleted, false)))
    .returning();
}

/** Inserts the datacenters, or refreshes the ones already there (by uuid); keeps their driver. */
export async function upsertDatacenters(db: Database, rows: DatacenterRow[]): Promise<void> {
  await db
    .insert(datacenters)
    .values(rows)
    .onConflictDoUpdate({
      target: datacenters.uuid,
      set: {
        location: sql`excluded.location`,
        country: sql`excluded.country`,
        latitude: sql`excluded.latitude`,
        longitude: sql`excluded.longitude`,
        flavorPrices: sql`excluded.flavor_prices`,
        position: sql`excluded.position`,
      },
    });
}

/** Keeps a placement decision in the smart cluster's history (inside the caller's transaction). */
export async function insertPlacementRow(
  tx: Database,
  smartClusterId: string,
  decision: PlacementDecision,
): Promise<void> {
  await tx
    .insert(smartClusterPlacements)
    .values({ smartClusterId, decidedAt: new Date(decision.decided_at), decision });
}

/** The smart cluster's placement decisions, newest first (at most `limit`). */
export async function listPlacementRows(
  db: Database,
  smartClusterId: string,
  limit: number,
): Promise<PlacementDecision[]> {
  const rows = await db
    .select({ decision: smartClusterPlacements.decision })
    .from(smartClusterPlacements)
    .where(eq(smartClusterPlacements.smartClusterId, smartClusterId))
    .orderBy(desc(smartClusterPlacements.decidedAt), desc(smartClusterPlacements.id))
    .limit(limit);
  return rows.map((row) => row.decision);
}

/** The sealed values of this module's tables: monitoring passwords and kubeconfigs. */
export const clusterSealedColumns: SealedColumn[] = [
  {
    label: 'monitoring passwords',
    table: smartClusters,
    id: smartClusters.id,
    sealed: smartClusters.monitoringPasswordSealed,
  },
  { label: 'kubeconfigs', table: clusters, id: clusters.id, sealed: clusters.kubeconfigSealed },
];
