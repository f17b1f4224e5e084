import type { App as AppEntity, Deployment, Version } from '@meridian/domain/apps/app-api';
import type { SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import type { LoggedIn, TestApp } from '../../../../test-support/test-app';
import { multipart, waitFor, waitForStatus } from '../../clusters/cluster/cluster.test-support';

export const basicSettings = {
  deploymentImage: 'nginx:1.27',
  deploymentReplicas: 2,
  deploymentTargetPort: 8080,
  deploymentPort: 80,
  dockerRegistryType: 'public',
};

/** Creates a manual smart cluster in these datacenters and waits until it is ready. */
export async function readySmartCluster(
  t: TestApp,
  user: LoggedIn,
  datacenters: string[],
  name = 'apps-cluster',
): Promise<SmartCluster> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/cluster/clusters',
    headers: user.headers,
    payload: {
      name,
      datacenters,
      mode: 'MANUAL',
      cluster_size: 'mini',
      master_count: 1,
      minion_count: 1,
    },
  });
  if (response.statusCode !== 200) throw new Error(`smart cluster: ${response.body}`);
  const created = response.json<SmartCluster>();
  const ready = await waitForStatus(t.app, user, created.uuid, ['success', 'failure']);
  if (ready === 'deleted' || ready.status !== 'success') throw new Error('smart cluster failed');
  return ready;
}

/** `POST /meridian/v1/kube/apps` as the console sends it (multipart). */
export function createApp(
  t: TestApp,
  user: LoggedIn,
  fields: Record<string, string>,
  file?: { filename: string; content: string | Buffer },
) {
  const body = multipart(fields, file ? { template: file } : {});
  return t.app.inject({
    method: 'POST',
    url: '/meridian/v1/kube/apps',
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
}

export function basicAppFields(smartClusterUuid: string, extra: Record<string, string> = {}) {
  return {
    name: 'shop',
    description: 'The shop front',
    version_name: 'v1',
    smart_cluster_uuid: smartClusterUuid,
    template_type: 'KUBERNETES_BASIC',
    template: JSON.stringify(basicSettings),
    template_name: 'shop.yaml',
    ...extra,
  };
}

export async function listApps(t: TestApp, user: LoggedIn): Promise<AppEntity[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/meridian/v1/kube/apps',
    headers: user.headers,
  });
  if (response.statusCode !== 200) throw new Error(`list apps: ${response.body}`);
  return response.json<AppEntity[]>();
}

/** Waits until every deployment of the app satisfies `done`; answers the app then. */
export function waitForDeployments(
  t: TestApp,
  user: LoggedIn,
  appUuid: string,
  done: (deployments: Deployment[]) => boolean,
  what = 'deployments',
): Promise<AppEntity> {
  return waitFor(
    async () => {
      const app = (await listApps(t, user)).find((candidate) => candidate.uuid === appUuid);
      return app && done(app.deployments) ? app : undefined;
    },
    { what: `${what} of app ${appUuid}` },
  );
}

export const allSettled = (deployments: Deployment[]) =>
  deployments.length > 0 &&
  deployments.every(
    (deployment) => deployment.status === 'success' || deployment.status === 'failure',
  );

/** Adds a Basic version running `image` to an app (`headers`: a session's or an API key's). */
export async function addBasicVersion(
  t: TestApp,
  headers: Record<string, string>,
  appUuid: string,
  name: string,
  image: string,
): Promise<Version> {
  const body = multipart(
    {
      name,
      template_type: 'KUBERNETES_BASIC',
      template: JSON.stringify({ ...basicSettings, deploymentImage: image }),
    },
    {},
  );
  const response = await t.app.inject({
    method: 'POST',
    url: `/meridian/v1/kube/apps/${appUuid}/versions`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  if (response.statusCode !== 200) throw new Error(`add version: ${response.body}`);
  return response.json<Version>();
}
