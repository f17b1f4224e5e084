import type {
  SmartClusterListItem,
  SmartClusterOverview,
  SmartClusterPage,
  SmartClusterPageQuery,
} from '@meridian/domain/clusters/cluster-api';
import { externalDatacenterUuid } from '@meridian/domain/clusters/datacenter';
import type { Cluster, SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import { pageOf } from '@meridian/domain/list-page';
import { isInProgress, parseStatus } from '@meridian/domain/status';
import { canHaveTraffic, resourceTotals } from '@meridian/domain/traffic/resource-overview';
import {
  createPerUserRevisionCache,
  type PerUserRevisionCache,
  type RevisionReader,
} from '../../../platform/db/per-user-revision-cache';
import { serialiseBody, type SerialisedBody } from '../../../platform/http/serialised-body';
import type { ClusterContext } from '../cluster-context';
import { listClusters, listSmartClusters } from './cluster.service';

/**
 * Every smart cluster the user sees and their member clusters, as the spec's lists answer them,
 * and as the console's list shows them, with the overview.
 */
interface SmartClusterList {
  smartClusters: SmartCluster[];
  members: Cluster[];
  items: SmartClusterListItem[];
  overview: SmartClusterOverview;
  /** The spec's two lists serialised, each on its first request at this revision. */
  serialised: Partial<Record<SpecList, Promise<SerialisedBody>>>;
  etagOf: (list: SpecList) => string;
}

type SpecList = 'smartClusters' | 'members';

export type SmartClusterListCache = PerUserRevisionCache<SmartClusterList>;

export function createSmartClusterListCache(): SmartClusterListCache {
  return createPerUserRevisionCache<SmartClusterList>();
}

const inProgress = (item: { status: string }) => {
  const status = parseStatus(item.status);
  return status !== undefined && isInProgress(status);
};

/** The header's counters and the map's pending datacenters, as the console computed them. */
export function overviewOf(
  smartClusters: readonly SmartCluster[],
  members: readonly Cluster[],
): SmartClusterOverview {
  const live = smartClusters.filter((smart) => !smart.deleted);
  const totals = resourceTotals(live, members);
  const pending = new Set<string>();
  for (const member of members) if (inProgress(member)) pending.add(member.datacenter_uuid);
  for (const smart of smartClusters) {
    if (inProgress(smart)) for (const uuid of smart.datacenters) pending.add(uuid);
  }
  return {
    smart_clusters: live.length,
    servers: totals.servers,
    cpus: totals.cpus,
    ram_gb: totals.ramGb,
    storage_gb: totals.storageGb,
    can_have_traffic: canHaveTraffic(smartClusters),
    pending_datacenter_uuids: [...pending].sort(),
  };
}

/** The list's fields of a smart cluster; its members say whether one of them is external. */
export function toListItem(smart: SmartCluster, members: readonly Cluster[]): SmartClusterListItem {
  return {
    uuid: smart.uuid,
    name: smart.name,
    mode: smart.mode,
    status: smart.status,
    latency: smart.latency,
    budget: smart.budget,
    datacenters: smart.datacenters,
    order: smart.order,
    organization_uuid: smart.organization_uuid,
    createdAt: smart.createdAt,
    updatedAt: smart.updatedAt,
    user_uuid: smart.user_uuid,
    default_shared_for_org_uuid: smart.default_shared_for_org_uuid,
    has_external_member:
      smart.datacenters.includes(externalDatacenterUuid) ||
      members.some((member) => member.cluster_type === 'external'),
  };
}

async function buildList(
  context: ClusterContext,
  userId: string,
  revision: number,
): Promise<SmartClusterList> {
  const [smartClusters, members] = await Promise.all([
    listSmartClusters(context, userId),
    listClusters(context, userId),
  ]);
  const membersBySmartCluster = new Map<string, Cluster[]>();
  for (const member of members) {
    const list = membersBySmartCluster.get(member.smart_cluster_uuid) ?? [];
    list.push(member);
    membersBySmartCluster.set(member.smart_cluster_uuid, list);
  }
  return {
    smartClusters,
    members,
    items: smartClusters.map((smart) =>
      toListItem(smart, membersBySmartCluster.get(smart.uuid) ?? []),
    ),
    overview: overviewOf(smartClusters, members),
    serialised: {},
    etagOf: (list) => `"${list}-${userId}-${revision}"`,
  };
}

function matches(query: SmartClusterPageQuery) {
  return (smart: SmartClusterListItem) =>
    (!query.search || smart.name.toLowerCase().includes(query.search)) &&
    (!query.modes || query.modes.includes(smart.mode)) &&
    (!query.statuses || query.statuses.includes(smart.status)) &&
    (!query.datacenter || smart.datacenters.includes(query.datacenter));
}

/**
 * The user's lists, built once per revision of the user (which a change to a smart cluster shared
 * with them, to their memberships or to a deployment of theirs bumps too); a read then costs one
 * indexed read, or none when the session lookup brought the revision.
 */
export function cachedLists(
  context: ClusterContext,
  cache: SmartClusterListCache,
  reader: RevisionReader,
): Promise<SmartClusterList> {
  return cache.get(context.db, reader, (revision) => buildList(context, reader.userId, revision));
}

/** `GET /cluster/smart_clusters` or `/cluster/clusters`, serialised once per revision. */
export async function serialisedList(
  context: ClusterContext,
  cache: SmartClusterListCache,
  reader: RevisionReader,
  list: SpecList,
): Promise<SerialisedBody> {
  const lists = await cachedLists(context, cache, reader);
  lists.serialised[list] ??= serialiseBody(lists[list], lists.etagOf(list));
  return lists.serialised[list];
}

/** One page of the smart clusters the user sees, in their stored order, as the list shows them. */
export async function smartClusterPage(
  context: ClusterContext,
  cache: SmartClusterListCache,
  reader: RevisionReader,
  query: SmartClusterPageQuery,
): Promise<SmartClusterPage> {
  const list = await cachedLists(context, cache, reader);
  return { ...pageOf(list.items.filter(matches(query)), query), overview: list.overview };
}
