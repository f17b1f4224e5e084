import type { RolloutApp } from './api/get-rollout-apps';
import type { RolloutSmartCluster } from './api/get-rollout-smart-clusters';

/** Shown in place of ids the user does not have yet; the text explains where to get them. */
export const placeholders = {
  appUuid: '<APP_UUID>',
  smartClusterUuid: '<SMART_CLUSTER_UUID>',
  userId: '<USER_ID>',
} as const;

/** The CI variable the examples read the key from, so the key never sits in a pipeline file. */
export const apiKeyVariable = 'MERIDIAN_API_KEY';

export const exampleImage = 'registry.example.com/team/app:1.2.3';

export interface RolloutTarget {
  origin: string;
  userId: string;
  appUuid: string;
  smartClusterUuid: string;
  imageName?: string;
}

// Double quotes keep $MERIDIAN_API_KEY expanded by the shell; the JSON body goes in single quotes.
function curlPut(url: string, userId: string, body: unknown): string {
  return [
    `curl -X PUT "${url}"`,
    `  -H "Authorization: ApiKey $${apiKeyVariable}"`,
    `  -H "x-user-id: ${userId}"`,
    `  -H "Content-Type: application/json"`,
    `  -d '${JSON.stringify(body)}'`,
  ].join(' \\\n');
}

/** PUT /meridian/v1/kube/apps/{appUuid}/deployment: the app's deployments on the listed smart clusters. */
export function appRolloutCommand(target: RolloutTarget): string {
  return curlPut(
    `${target.origin}/meridian/v1/kube/apps/${target.appUuid}/deployment`,
    target.userId,
    {
      cluster_uuids: [target.smartClusterUuid],
      image_name: target.imageName ?? exampleImage,
    },
  );
}

/** PUT /intelligence/clusters/{smartClusterUuid}/deployment/{appUuid}: one smart cluster. */
export function smartClusterRolloutCommand(target: RolloutTarget): string {
  return curlPut(
    `${target.origin}/intelligence/clusters/${target.smartClusterUuid}/deployment/${target.appUuid}`,
    target.userId,
    { image_name: target.imageName ?? exampleImage },
  );
}

/** The smart clusters the app is deployed on, in the order of the smart cluster list. */
export function clustersRunning(
  app: RolloutApp | undefined,
  smartClusters: readonly RolloutSmartCluster[],
): RolloutSmartCluster[] {
  if (!app) return [];
  const deployedOn = new Set(app.deployments.map((deployment) => deployment.smart_cluster_uuid));
  return smartClusters.filter((cluster) => deployedOn.has(cluster.uuid));
}

/**
 * The smart cluster to show for an app: the first one it is deployed on, since a rollout only
 * reaches existing deployments; the first smart cluster when the app runs nowhere yet.
 */
export function defaultSmartClusterUuid(
  app: RolloutApp | undefined,
  smartClusters: readonly RolloutSmartCluster[],
): string | undefined {
  return clustersRunning(app, smartClusters)[0]?.uuid ?? smartClusters[0]?.uuid;
}
