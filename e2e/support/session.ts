import type { Page } from 'playwright-core';
import { appSchema, type App } from '@meridian/domain/apps/app-api';
import { adminCredentials } from './credentials';

/** What /auth/login answers and every authenticated call sends back. */
export interface ApiSession {
  token: string;
  userId: string;
}

/** A fetch against the e2e server as one user; JSON bodies are serialised, FormData sent as is. */
export type Api = (path: string, init?: { method?: string; body?: unknown }) => Promise<Response>;

export interface Credentials {
  username: string;
  password: string;
}

/** Logs a user (the admin unless told) in through the login page and waits for the home. */
export async function logInThroughPage(
  page: Page,
  credentials: Credentials = adminCredentials,
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(credentials.username);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL('**/home');
}

/** POST /auth/login, with the admin's credentials unless told. */
export async function logInByApi(
  baseUrl: string,
  credentials: Credentials = adminCredentials,
): Promise<ApiSession> {
  const response = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: credentials.username, password: credentials.password }),
  });
  if (!response.ok) throw new Error(`login of ${credentials.username} answered ${response.status}`);
  const { token, userId } = (await response.json()) as ApiSession;
  return { token, userId };
}

/** `organizationUuid`: every call acts in that organisation (the `x-organization-uuid` header). */
export function authorizedFetch(
  baseUrl: string,
  { token, userId }: ApiSession,
  organizationUuid?: string,
): Api {
  return (path, init = {}) => {
    const form = init.body instanceof FormData;
    return fetch(`${baseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Bearer ${token}`,
        'x-user-id': userId,
        ...(organizationUuid ? { 'x-organization-uuid': organizationUuid } : {}),
        ...(init.body !== undefined && !form ? { 'content-type': 'application/json' } : {}),
      },
      body:
        init.body === undefined || form
          ? (init.body as FormData | undefined)
          : JSON.stringify(init.body),
    });
  };
}

/**
 * A new user made by the admin (POST /auth/users), so that a suite's apps, smart clusters and
 * notifications stay out of the admin's lists that other suites count.
 */
export async function createUserByApi(baseUrl: string, prefix: string): Promise<Credentials> {
  const admin = authorizedFetch(baseUrl, await logInByApi(baseUrl));
  const username = `${prefix}-${Date.now().toString(36)}`;
  const password = `pw-${Math.random().toString(36).slice(2)}-e2e`;
  const response = await admin('/auth/users', {
    method: 'POST',
    body: { username, email: `${username}@example.ca`, password },
  });
  if (response.status !== 201) {
    throw new Error(
      `creating user ${username} answered ${response.status}: ${await response.text()}`,
    );
  }
  return { username, password };
}

/** GET /meridian/v1/kube/apps/{uuid}, checked against the app schema the console reads it with. */
export async function appByApi(api: Api, appUuid: string): Promise<App> {
  const response = await api(`/meridian/v1/kube/apps/${appUuid}`);
  if (!response.ok) throw new Error(`app ${appUuid} answered ${response.status}`);
  return appSchema.parse(await response.json());
}

/** Polls until check() holds; for API set-up only (the browser tests wait on locators). */
export async function pollUntil(
  check: () => Promise<boolean>,
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

export interface SmartClusterRequest {
  name: string;
  datacenters: string[];
  mode?: 'MANUAL';
  cluster_size?: string;
  master_count?: number;
  minion_count?: number;
  /** Makes it the default smart cluster of an organisation the caller is an admin of. */
  default_shared_for_org_uuid?: string;
  /** The password of its monitoring pages (username admin). */
  monitoring_default_password?: string;
}

/**
 * POST /cluster/clusters (a manual smart cluster) and wait until GET /cluster/smart_clusters lists
 * it as 'success'. At the e2e time scale the simulator needs a few seconds.
 */
export async function createSmartClusterByApi(
  api: Api,
  request: SmartClusterRequest,
): Promise<string> {
  const response = await api('/cluster/clusters', {
    method: 'POST',
    body: { mode: 'MANUAL', cluster_size: 'mini', master_count: 1, minion_count: 1, ...request },
  });
  if (response.status !== 200) {
    throw new Error(
      `creating ${request.name} answered ${response.status}: ${await response.text()}`,
    );
  }
  const { uuid } = (await response.json()) as { uuid: string };
  await pollUntil(async () => {
    const list = (await (await api('/cluster/smart_clusters')).json()) as {
      uuid: string;
      status: string;
    }[];
    const status = list.find((cluster) => cluster.uuid === uuid)?.status;
    if (status === 'failure') throw new Error(`smart cluster ${request.name} failed`);
    return status === 'success';
  }, `smart cluster ${request.name} to be created`);
  return uuid;
}

/**
 * Deletes the apps whose names match (their deployments are removed first) and waits until the
 * server no longer lists them. Deleting is refused while a deployment is still rolling out, so
 * the request is repeated until it is accepted.
 */
export async function deleteAppsByApi(api: Api, matches: (name: string) => boolean): Promise<void> {
  const listed = async () =>
    (
      (await (await api('/meridian/v1/kube/apps')).json()) as { uuid: string; name: string }[]
    ).filter((app) => matches(app.name));
  await pollUntil(async () => {
    const left = await listed();
    for (const app of left) await api(`/meridian/v1/kube/apps/${app.uuid}`, { method: 'DELETE' });
    return left.length === 0;
  }, 'the apps to be deleted');
}

/** Deletes a smart cluster and waits until GET /cluster/smart_clusters no longer lists it. */
export async function deleteSmartClusterByApi(api: Api, uuid: string): Promise<void> {
  await pollUntil(async () => {
    const list = (await (await api('/cluster/smart_clusters')).json()) as {
      uuid: string;
      status: string;
    }[];
    const cluster = list.find((candidate) => candidate.uuid === uuid);
    if (!cluster) return true;
    if (cluster.status === 'success' || cluster.status === 'failure') {
      await api(`/cluster/clusters/${uuid}`, { method: 'DELETE' });
    }
    return false;
  }, 'the smart cluster to be deleted');
}

/** A Kubernetes Basic app of nginx on the smart cluster (POST /meridian/v1/kube/apps): its uuid. */
export async function createBasicAppByApi(
  api: Api,
  {
    name,
    smartClusterUuid,
    replicas = 1,
    description,
  }: {
    name: string;
    smartClusterUuid: string;
    replicas?: number;
    description?: string;
  },
): Promise<string> {
  const form = new FormData();
  form.set('name', name);
  if (description) form.set('description', description);
  form.set('version_name', 'v1');
  form.set('smart_cluster_uuid', smartClusterUuid);
  form.set('template_type', 'KUBERNETES_BASIC');
  form.set(
    'template',
    JSON.stringify({
      deploymentImage: 'nginx:1.27',
      deploymentReplicas: replicas,
      deploymentTargetPort: 8080,
      deploymentPort: 80,
      dockerRegistryType: 'public',
    }),
  );
  form.set('template_name', `${name}.yaml`);
  const response = await api('/meridian/v1/kube/apps', { method: 'POST', body: form });
  if (response.status !== 200) {
    throw new Error(`creating app ${name} answered ${response.status}: ${await response.text()}`);
  }
  return ((await response.json()) as { uuid: string }).uuid;
}
