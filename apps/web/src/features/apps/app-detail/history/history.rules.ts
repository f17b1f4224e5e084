import type { App, Version } from '@meridian/domain/apps/app-api';
import type { HistoryEntry } from '@meridian/domain/apps/app-history';
import { versionChangeTargets, type VersionChangeTarget } from '../live.rules';

export type RollbackTarget = VersionChangeTarget;

/** The smart clusters where `version` could be rolled back to: they run a newer version. */
export function rollbackTargets(
  app: App,
  version: Pick<Version, 'uuid' | 'template_type' | 'createdAt'>,
): RollbackTarget[] {
  return versionChangeTargets(app, version, 'back');
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
