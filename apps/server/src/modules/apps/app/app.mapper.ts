import type { App, AppSummary, Deployment, Version } from '@meridian/domain/apps/app-api';
import { isInProgress, type Status } from '@meridian/domain/status';
import { toDeployment } from '../deployment/deployment.mapper';
import type { DeploymentView } from '../deployment/deployment.types';
import { toVersion } from '../version/version.mapper';
import type { VersionDetailRow, VersionSummaryRow } from '../version/version.mapper';
import type { AppRow } from '../../../platform/db/schema/apps';

/** Builds apps from three flat lists, grouping in memory (no query per app). */
export function assembleApps(
  appRows: readonly AppRow[],
  versionRows: readonly (VersionSummaryRow | VersionDetailRow)[],
  views: readonly DeploymentView[],
): App[] {
  const deploymentsByApp = new Map<string, Deployment[]>();
  for (const view of views) {
    const list = deploymentsByApp.get(view.deployment.appId) ?? [];
    list.push(toDeployment(view));
    deploymentsByApp.set(view.deployment.appId, list);
  }
  const deploymentsByVersion = new Map<string, Deployment[]>();
  for (const list of deploymentsByApp.values()) {
    for (const deployment of list) {
      const ofVersion = deploymentsByVersion.get(deployment.version_uuid) ?? [];
      ofVersion.push(deployment);
      deploymentsByVersion.set(deployment.version_uuid, ofVersion);
    }
  }
  const versionsByApp = new Map<string, Version[]>();
  for (const row of versionRows) {
    const ofVersion = deploymentsByVersion.get(row.id) ?? [];
    const list = versionsByApp.get(row.appId) ?? [];
    list.push(toVersion(row, ofVersion));
    versionsByApp.set(row.appId, list);
  }
  return appRows.map((row) => ({
    uuid: row.id,
    name: row.name,
    description: row.description,
    organization_uuid: row.organizationId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    versions: versionsByApp.get(row.id) ?? [],
    deployments: deploymentsByApp.get(row.id) ?? [],
  }));
}

/** An app as the sidebar shows it: pending while any of its deployments is in progress. */
export function toAppSummary(row: AppRow, states: readonly { status: Status }[]): AppSummary {
  return {
    uuid: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    pending: states.some((state) => isInProgress(state.status)),
  };
}
