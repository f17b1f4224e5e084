import type { HistoryEntry } from '@meridian/domain/apps/app-history';
import type { AppHistoryLocationRow, AppHistoryRow } from '../../../platform/db/schema/apps';

function named(id: string | null, name: string | null): { uuid: string; name: string } | null {
  return id ? { uuid: id, name: name ?? '' } : null;
}

/** An entry as the API answers it, with its locations. */
export function toHistoryEntry(
  row: AppHistoryRow,
  locations: readonly AppHistoryLocationRow[],
): HistoryEntry {
  return {
    uuid: row.id,
    action: row.action,
    version: named(row.versionId, row.versionName),
    from_version: named(row.fromVersionId, row.fromVersionName),
    smart_cluster: named(row.smartClusterId, row.smartClusterName),
    actor: { kind: row.actorKind, name: row.actorName },
    outcome: row.outcome,
    detail: row.detail,
    rollout_uuid: row.rolloutId,
    locations: locations.map((location) => ({
      deployment_uuid: location.deploymentId,
      cluster_uuid: location.clusterId,
      datacenter_uuid: location.datacenterUuid,
      location: location.location,
      outcome: location.outcome,
      reason: location.reason,
    })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
