import type { Datacenter } from '@meridian/domain/clusters/datacenter';
import {
  monitoringPathOf,
  type Cluster,
  type SmartCluster,
} from '@meridian/domain/clusters/smart-cluster';
import type { MemberWithDatacenter } from './cluster.queries';
import type { DatacenterRow, SmartClusterRow } from '../../../platform/db/schema/clusters';

export function toDatacenter(row: DatacenterRow): Datacenter {
  return {
    uuid: row.uuid,
    location: row.location,
    country: row.country,
    coordinates: { latitude: row.latitude, longitude: row.longitude },
    flavor_prices: row.flavorPrices,
  };
}

export function toSmartCluster(row: SmartClusterRow): SmartCluster {
  return {
    uuid: row.id,
    name: row.name,
    mode: row.mode,
    status: row.status,
    status_reason: row.statusReason,
    organization_uuid: row.organizationId,
    latency: row.latency,
    budget: row.budget,
    cluster_size: row.clusterSize,
    master_count: row.masterCount,
    minion_count: row.minionCount,
    datacenters: row.datacenters,
    versions: [],
    version_uuids: [],
    datacenter_uuid: row.datacenters[0] ?? null,
    description: row.description,
    order: row.orderKey,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    user_uuid: row.userId,
    deleted: row.deleted,
    default_shared_for_org_uuid: row.defaultSharedForOrgUuid,
    placement: row.placement,
  };
}

// What the simulator stored before Meridian served monitoring: a host that never existed.
const retiredMonitoringHost = /^https:\/\/monitoring\.[^/]+\.meridian\.example(\/|$)/;

/** The member's monitoring page; a link to the retired simulated host becomes Meridian's own. */
export function monitoringPathFor(clusterId: string, stored: string | null): string | null {
  return stored && retiredMonitoringHost.test(stored) ? monitoringPathOf(clusterId) : stored;
}

export function toCluster({ cluster, datacenter }: MemberWithDatacenter): Cluster {
  return {
    uuid: cluster.id,
    name: cluster.name,
    smart_cluster_uuid: cluster.smartClusterId,
    cluster_type: cluster.clusterType,
    status: cluster.status,
    status_reason: cluster.statusReason,
    location: datacenter.location,
    datacenter_uuid: cluster.datacenterUuid,
    cluster_size: cluster.clusterSize,
    master_count: cluster.masterCount,
    minion_count: cluster.minionCount,
    master_addresses: cluster.masterAddresses,
    node_addresses: cluster.nodeAddresses,
    kube_version: cluster.kubeVersion,
    monitoring_path: monitoringPathFor(cluster.id, cluster.monitoringPath),
    datacenters: [{ uuid: cluster.datacenterUuid }],
    deployments: [],
    createdAt: cluster.createdAt.toISOString(),
    updatedAt: cluster.updatedAt.toISOString(),
  };
}
