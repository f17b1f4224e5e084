import type { App } from '@meridian/domain/apps/app-api';
import type { Cluster, SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import type { Locale } from '@meridian/domain/i18n/locale';
import { parseStatus, statusLabel } from '@meridian/domain/status';

export type SupportJobKind = 'smart-cluster' | 'app' | 'cluster';

/** What the info card says about the job a support link refers to. */
export interface SupportJobInfo {
  /** What the reference turned out to be; success reads differently for each (spec "States and transitions"). */
  entity: 'smartCluster' | 'cluster' | 'deployment' | 'version' | 'app';
  name: string;
  /** Where it runs or what it belongs to, when known (datacenter, smart cluster, app). */
  context?: string;
  status: string;
  /** The failure reason, only for a failed job that has one. */
  reason?: string;
}

/** A failure's reason when one was given; in progress or done, no reason is shown. */
function failureReason(status: string, reason: string | null | undefined): string | undefined {
  const parsed = parseStatus(status);
  const failed = parsed === 'failure' || parsed === 'update_subdomains_failure';
  return failed && reason ? reason : undefined;
}

export function smartClusterJob(found: SmartCluster): SupportJobInfo {
  return {
    entity: 'smartCluster',
    name: found.name,
    status: found.status,
    reason: failureReason(found.status, found.status_reason),
  };
}

export function clusterJob(clusters: readonly Cluster[], uuid: string): SupportJobInfo | undefined {
  const found = clusters.find((candidate) => candidate.uuid === uuid);
  if (!found) return undefined;
  return {
    entity: 'cluster',
    name: found.name,
    context: found.location || undefined,
    status: found.status,
    reason: failureReason(found.status, found.status_reason),
  };
}

/**
 * An app job is a deployment (its usual reference), else a version, else the app itself,
 * whose state is then that of its newest version.
 */
export function appJob(apps: readonly App[], uuid: string): SupportJobInfo | undefined {
  for (const app of apps) {
    const deployment = app.deployments?.find((candidate) => candidate.uuid === uuid);
    if (deployment) {
      return {
        entity: 'deployment',
        name: `${app.name} · ${deployment.version?.name ?? ''}`.replace(/ · $/, ''),
        context: deployment.cluster_name || deployment.datacenter_name || undefined,
        status: deployment.status,
        reason: failureReason(deployment.status, deployment.status_reason),
      };
    }
  }
  for (const app of apps) {
    const version = app.versions?.find((candidate) => candidate.uuid === uuid);
    if (version) return versionJob(app, version, app.deployments ?? []);
  }
  const app = apps.find((candidate) => candidate.uuid === uuid);
  const newest = app?.versions?.at(-1);
  if (!app) return undefined;
  if (!newest) return { entity: 'app', name: app.name, status: 'success' };
  return { ...versionJob(app, newest, app.deployments ?? []), entity: 'app', name: app.name };
}

function versionJob(
  app: App,
  version: App['versions'][number],
  deployments: App['deployments'],
): SupportJobInfo {
  // A version has no reason of its own: the first failed deployment of it tells why.
  const failed = deployments.find(
    (deployment) =>
      deployment.version_uuid === version.uuid &&
      parseStatus(deployment.status) === 'failure' &&
      deployment.status_reason,
  );
  return {
    entity: 'version',
    name: `${app.name} · ${version.name}`,
    status: version.status,
    reason: failureReason(version.status, failed?.status_reason),
  };
}

/** The status tag's words: success reads Created, Ready or Deployed depending on the thing. */
export function jobStatusLabel(info: SupportJobInfo, locale: Locale = 'en'): string {
  const kind =
    info.entity === 'cluster' || info.entity === 'deployment' ? info.entity : 'smartCluster';
  return statusLabel(info.status, kind, locale);
}
