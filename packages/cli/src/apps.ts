import { appSchema, type App, type Deployment } from '@meridian/domain/apps/app-api';
import { smartClusterSchema } from '@meridian/domain/clusters/cluster-api';
import type { SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import { z } from 'zod';
import type { MeridianApi } from './meridian-api';
import { CliError } from './settings';

export function listApps(api: MeridianApi): Promise<App[]> {
  return api('/meridian/v1/kube/apps', { schema: z.array(appSchema) });
}

export function listSmartClusters(api: MeridianApi): Promise<SmartCluster[]> {
  return api('/cluster/smart_clusters', { schema: z.array(smartClusterSchema) });
}

/** The one entry whose uuid or name (any case) is `wanted`; a plain sentence when none or two. */
export function pick<T extends { uuid: string; name: string }>(
  entries: readonly T[],
  wanted: string,
  noun: string,
): T {
  const byUuid = entries.find((entry) => entry.uuid === wanted);
  if (byUuid) return byUuid;
  const named = entries.filter((entry) => entry.name.toLowerCase() === wanted.toLowerCase());
  if (named.length === 1) return named[0]!;
  if (named.length > 1) {
    throw new CliError(`${named.length} ${noun}s are named ${wanted}: give the uuid instead.`);
  }
  throw new CliError(`No ${noun} is named ${wanted}.`);
}

/** One line per deployment: where it runs, its status, and the image or endpoint worth knowing. */
export function deploymentLines(app: App, deployments: readonly Deployment[]): string[] {
  if (deployments.length === 0) return [`${app.name}: not deployed anywhere.`];
  return deployments.map((deployment) => {
    const version = app.versions.find((entry) => entry.uuid === deployment.version_uuid)?.name;
    const parts = [
      `${app.name} ${version ?? '?'}`,
      `${deployment.smart_cluster_name} / ${deployment.datacenter_name}`,
      deployment.status,
      deployment.image_name ? `image ${deployment.image_name}` : undefined,
      deployment.endpoint ? `at ${deployment.endpoint}` : undefined,
      deployment.status === 'failure' && deployment.status_reason
        ? deployment.status_reason
        : undefined,
    ];
    return parts.filter(Boolean).join('  ');
  });
}
