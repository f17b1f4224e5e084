import type { Cluster, SmartCluster } from '../clusters/smart-cluster';
import { findFlavor } from '../flavors';
import { parseStatus, type Status } from '../status';

/** What the overview needs of a member cluster. */
export type OverviewCluster = Pick<
  Cluster,
  | 'smart_cluster_uuid'
  | 'cluster_size'
  | 'master_count'
  | 'minion_count'
  | 'status'
  | 'master_addresses'
>;

/** A member that failed before it ever came up (no master address) runs no servers. */
function neverRan(cluster: OverviewCluster): boolean {
  return cluster.status === 'failure' && cluster.master_addresses.length === 0;
}

/** What the overview needs of a smart cluster. */
export type OverviewSmartCluster = Pick<SmartCluster, 'uuid' | 'status' | 'deleted'>;

export interface ResourceTotals {
  servers: number;
  cpus: number;
  ramGb: number;
  storageGb: number;
}

/**
 * The header's server, CPU, RAM and storage counters: every node (masters + minions) of the
 * members of the user's smart clusters that are not deleted, each sized by its flavor (spec "Business constants and limits"
 * table). Members without a flavor (external clusters) count as servers only: their size is not
 * ours to know; a member whose creation or check failed counts nothing.
 */
export function resourceTotals(
  smartClusters: readonly OverviewSmartCluster[],
  clusters: readonly OverviewCluster[],
): ResourceTotals {
  const live = new Set(smartClusters.filter((smart) => !smart.deleted).map((smart) => smart.uuid));
  const totals: ResourceTotals = { servers: 0, cpus: 0, ramGb: 0, storageGb: 0 };
  for (const cluster of clusters) {
    if (!live.has(cluster.smart_cluster_uuid) || neverRan(cluster)) continue;
    const nodes = cluster.master_count + cluster.minion_count;
    totals.servers += nodes;
    const flavor = cluster.cluster_size ? findFlavor(cluster.cluster_size) : undefined;
    if (!flavor) continue;
    totals.cpus += nodes * flavor.cpu.value;
    totals.ramGb += nodes * flavor.ram.value;
    totals.storageGb += nodes * flavor.storage.value;
  }
  return totals;
}

/** Spec "Business constants and limits": storage in GB, switching to TB above 1024 GB, rounded to one decimal. */
export function formatStorage(gigabytes: number): string {
  if (gigabytes > 1024) {
    const terabytes = Math.round((gigabytes / 1024) * 10) / 10;
    return `${terabytes.toLocaleString('en-US', { maximumFractionDigits: 1 })} TB`;
  }
  return `${gigabytes.toLocaleString('en-US')} GB`;
}

const trafficStatuses: ReadonlySet<Status> = new Set([
  'success',
  'creating',
  'updating',
  'deleting',
]);

/** Spec "Screens and routes": traffic tags show only while some smart cluster is success, creating, updating or deleting. */
export function canHaveTraffic(
  smartClusters: readonly Pick<OverviewSmartCluster, 'status'>[],
): boolean {
  return smartClusters.some((smart) => {
    const status = parseStatus(smart.status);
    return status !== undefined && trafficStatuses.has(status);
  });
}
