import { deploymentSchema, type Deployment } from '@meridian/domain/apps/app-api';
import { isInProgress, parseStatus } from '@meridian/domain/status';
import { z } from 'zod';
import { listApps, listSmartClusters, pick } from './apps';
import type { MeridianApi } from './meridian-api';
import { CliError } from './settings';

export interface DeployOptions {
  app: string;
  image: string;
  smartCluster?: string;
  wait: boolean;
  timeoutMs: number;
  /** How often the rollout is looked at while waiting. */
  pollMs?: number;
  onProgress?: (deployments: Deployment[]) => void;
}

/**
 * Rolls `image` out on the app (CI/CD `PUT /meridian/v1/kube/apps/{app}/deployment`) on one
 * smart cluster or every one it runs on; with `wait`, until every location reached success.
 */
export async function deploy(api: MeridianApi, options: DeployOptions): Promise<Deployment[]> {
  const app = pick(await listApps(api), options.app, 'app');
  const running = [...new Set(app.deployments.map((deployment) => deployment.smart_cluster_uuid))];
  const targets = options.smartCluster
    ? [pick(await listSmartClusters(api), options.smartCluster, 'smart cluster').uuid]
    : running;
  if (targets.length === 0)
    throw new CliError(`${app.name} is not deployed on any smart cluster yet.`);
  const started = await api(`/meridian/v1/kube/apps/${app.uuid}/deployment`, {
    method: 'PUT',
    body: { image_name: options.image, cluster_uuids: targets },
    schema: z.array(deploymentSchema),
  });
  if (!options.wait) return started;
  return waitForRollout(api, app.uuid, new Set(started.map((entry) => entry.uuid)), options);
}

async function waitForRollout(
  api: MeridianApi,
  appUuid: string,
  watched: Set<string>,
  { timeoutMs, pollMs = 1000, onProgress }: DeployOptions,
): Promise<Deployment[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const app = pick(await listApps(api), appUuid, 'app');
    const deployments = app.deployments.filter((deployment) => watched.has(deployment.uuid));
    onProgress?.(deployments);
    const failed = deployments.find((deployment) => deployment.status === 'failure');
    if (failed) {
      // The server's reason may already start with the location.
      const reason = (failed.status_reason ?? 'no reason was given').replace(
        `${failed.datacenter_name}: `,
        '',
      );
      throw new CliError(`The rollout failed in ${failed.datacenter_name}: ${reason}`);
    }
    const settled = deployments.every(
      (deployment) => !isInProgress(parseStatus(deployment.status)!),
    );
    if (deployments.length === watched.size && settled) return deployments;
    if (Date.now() > deadline) {
      throw new CliError(`The rollout did not finish within ${Math.round(timeoutMs / 1000)} s.`);
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
