import type { App, Deployment, Version } from '@meridian/domain/apps/app-api';
import type { HistoryEntry } from '@meridian/domain/apps/app-history';

/** The version the app runs on a smart cluster: the newest of those deployed there. */
export function runningDeployment(app: App, smartClusterId: string): Deployment | undefined {
  const created = new Map(app.versions.map((version) => [version.uuid, version.createdAt]));
  const there = app.deployments.filter(
    (deployment) => deployment.smart_cluster_uuid === smartClusterId,
  );
  return [...there].sort((a, b) =>
    (created.get(b.version_uuid) ?? '').localeCompare(created.get(a.version_uuid) ?? ''),
  )[0];
}

export interface RollbackTarget {
  smartClusterId: string;
  smartClusterName: string;
  /** A deployment of the version running there: the rollback call names it. */
  deploymentId: string;
  /** How many locations the smart cluster has for the app. */
  locations: number;
}

/** The smart clusters where `version` could be rolled back to: they run another version. */
export function rollbackTargets(
  app: App,
  version: Pick<Version, 'uuid' | 'template_type'>,
): RollbackTarget[] {
  if (version.template_type === 'HEAT') return [];
  const smartClusterIds = [
    ...new Set(app.deployments.map((deployment) => deployment.smart_cluster_uuid)),
  ];
  return smartClusterIds.flatMap((smartClusterId) => {
    const running = runningDeployment(app, smartClusterId);
    if (!running || running.version_uuid === version.uuid) return [];
    const runningVersion = app.versions.find(
      (candidate) => candidate.uuid === running.version_uuid,
    );
    if (runningVersion?.template_type === 'HEAT') return [];
    return [
      {
        smartClusterId,
        smartClusterName: running.smart_cluster_name,
        deploymentId: running.uuid,
        locations: app.deployments.filter(
          (deployment) =>
            deployment.smart_cluster_uuid === smartClusterId &&
            deployment.version_uuid === running.version_uuid,
        ).length,
      },
    ];
  });
}

/** Where a history entry's version can be rolled back to: its own smart cluster, if it runs another. */
export function entryRollbackTarget(app: App, entry: HistoryEntry): RollbackTarget | undefined {
  if (!entry.version || !entry.smart_cluster || entry.action === 'removed') return undefined;
  const version = app.versions.find((candidate) => candidate.uuid === entry.version?.uuid);
  if (!version) return undefined;
  const smartClusterId = entry.smart_cluster.uuid;
  return rollbackTargets(app, version).find((target) => target.smartClusterId === smartClusterId);
}

/** The two versions a history entry compares: what it replaced, else the version made before it. */
export function entryComparison(
  app: App,
  entry: HistoryEntry,
): { fromId: string; toId: string } | undefined {
  const toId = entry.version?.uuid;
  if (!toId || !app.versions.some((version) => version.uuid === toId)) return undefined;
  const from = entry.from_version?.uuid ?? previousVersion(app, toId)?.uuid;
  if (!from || !app.versions.some((version) => version.uuid === from)) return undefined;
  return { fromId: from, toId };
}

/** The version created just before this one, if any. */
export function previousVersion(app: App, versionId: string): Version | undefined {
  const sorted = [...app.versions].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const index = sorted.findIndex((version) => version.uuid === versionId);
  return index > 0 ? sorted[index - 1] : undefined;
}

/** The locations to filter by (datacenters): where the app runs, and where its shown entries ran. */
export function appLocations(
  app: App,
  entries: readonly HistoryEntry[] = [],
): { uuid: string; name: string }[] {
  const byUuid = new Map<string, string>();
  for (const deployment of app.deployments) {
    byUuid.set(deployment.datacenter_uuid, deployment.datacenter_name);
  }
  for (const entry of entries) {
    for (const location of entry.locations) byUuid.set(location.datacenter_uuid, location.location);
  }
  return [...byUuid]
    .map(([uuid, name]) => ({ uuid, name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
