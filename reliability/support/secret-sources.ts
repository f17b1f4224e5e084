import { randomBytes } from 'node:crypto';
import { json, logIn, send, until, type ApiUser } from './api';
import { ed25519Seed } from './secret-scan';

/** One secret given to (or issued by) the server, with the extra byte forms worth looking for. */
export interface PlantedSecret {
  name: string;
  value: string;
  extra?: Record<string, Buffer>;
}

const appsPath = '/meridian/v1/kube/apps';

/** A fresh random secret, long enough that a chance match is impossible. */
export const freshSecret = (prefix: string) => `${prefix}-${randomBytes(18).toString('base64url')}`;

async function posted(baseUrl: string, user: ApiUser, path: string, body: FormData | string) {
  const headers: Record<string, string> = { ...user.headers };
  if (typeof body === 'string') headers['content-type'] = 'application/json';
  const answer = await send(baseUrl, path, { method: 'POST', headers, body });
  if (answer.status >= 300)
    throw new Error(`POST ${path} answered ${answer.status}: ${answer.body}`);
  return JSON.parse(answer.body) as Record<string, unknown>;
}

/** A user with a fresh password, its session, an API key and its SSH private key. */
async function accountSecrets(baseUrl: string, admin: ApiUser): Promise<PlantedSecret[]> {
  const password = freshSecret('user-pw');
  await json(baseUrl, admin, '/auth/users', 'POST', {
    username: 'keeper',
    email: 'keeper@example.ca',
    password,
  });
  const login = await send(baseUrl, '/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'keeper', password }),
  });
  const { token, userId } = JSON.parse(login.body) as { token: string; userId: string };
  const keeper: ApiUser = {
    userId,
    headers: { authorization: `Bearer ${token}`, 'x-user-id': userId },
  };
  const { key } = await json<{ key: string }>(baseUrl, keeper, '/auth/api_key', 'POST', {
    name: 'ci',
  });
  await json(baseUrl, keeper, '/auth/users/public_key');
  const { private_key: privateKey } = await json<{ private_key: string }>(
    baseUrl,
    keeper,
    '/auth/users/private_key',
    'POST',
    { username: 'keeper', password },
  );
  return [
    { name: 'user password', value: password },
    { name: 'session token', value: token },
    { name: 'API key', value: key },
    {
      name: 'SSH private key',
      value: privateKey,
      extra: { 'ed25519 seed': ed25519Seed(privateKey) },
    },
  ];
}

/** A smart cluster with a monitoring password, and a Basic app pulling from a private registry. */
async function clusterSecrets(baseUrl: string, admin: ApiUser): Promise<PlantedSecret[]> {
  const monitoring = freshSecret('monitor-pw');
  const cluster = await posted(
    baseUrl,
    admin,
    '/cluster/clusters',
    JSON.stringify({
      name: 'vault',
      datacenters: ['ca-montreal'],
      mode: 'MANUAL',
      cluster_size: 'mini',
      monitoring_default_password: monitoring,
    }),
  );
  await until(async () => {
    const list = await json<{ uuid: string; status: string }[]>(
      baseUrl,
      admin,
      '/cluster/smart_clusters',
    );
    return list.find((item) => item.uuid === cluster.uuid)?.status === 'success';
  }, 'the smart cluster');
  const registry = freshSecret('registry-pw');
  const appSecret = freshSecret('app-secret');
  const form = new FormData();
  const fields: Record<string, string> = {
    name: 'private-shop',
    description: 'Pulls from a private registry',
    version_name: 'v1',
    smart_cluster_uuid: String(cluster.uuid),
    template_type: 'KUBERNETES_BASIC',
    template_name: 'shop.yaml',
    template: JSON.stringify({
      deploymentImage: 'registry.example.ca/shop:1.0',
      deploymentReplicas: 1,
      deploymentTargetPort: 8080,
      deploymentPort: 80,
      dockerRegistryType: 'private',
      privateDockerRegistryUrl: 'https://registry.example.ca',
      privateDockerRegistryUsername: 'robot',
      privateDockerRegistryPassword: registry,
      secrets: [{ name: 'API_TOKEN', value: appSecret }],
    }),
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const app = await posted(baseUrl, admin, appsPath, form);
  await until(
    async () => {
      const apps = await json<{ uuid: string; deployments: { status: string }[] }[]>(
        baseUrl,
        admin,
        appsPath,
      );
      const deployments = apps.find((item) => item.uuid === app.uuid)?.deployments ?? [];
      return deployments.length > 0 && deployments.every((item) => item.status !== 'pending');
    },
    'the private app to roll out',
    30_000,
  );
  return [
    { name: 'monitoring password', value: monitoring },
    { name: 'registry password', value: registry },
    { name: 'app secret', value: appSecret },
    ...(await configurationSecrets(baseUrl, admin, String(app.uuid))),
  ];
}

/** A configuration change that keeps the app's secret and adds one, and a saved registry. */
async function configurationSecrets(
  baseUrl: string,
  admin: ApiUser,
  appUuid: string,
): Promise<PlantedSecret[]> {
  const added = freshSecret('added-secret');
  const saved = freshSecret('saved-registry-pw');
  const app = await json<{ versions: { uuid: string; basic_settings: Record<string, unknown> }[] }>(
    baseUrl,
    admin,
    `${appsPath}/${appUuid}`,
  );
  const v1 = app.versions[0]!;
  await json(baseUrl, admin, `${appsPath}/versions/${v1.uuid}/configuration`, 'POST', {
    settings: {
      ...v1.basic_settings,
      secrets: [
        { name: 'API_TOKEN', keep: true },
        { name: 'ADDED', value: added },
      ],
    },
    bake_seconds: 0,
  });
  await json(baseUrl, admin, '/auth/registries', 'POST', {
    name: 'saved',
    url: 'https://registry.example.ca',
    username: 'robot',
    password: saved,
  });
  // A webhook's signing secret is Meridian's own, answered once: sealed at rest like the rest.
  // A public literal address for an event that never happens here: nothing is ever dialled.
  const channel = await json<{ signing_secret: string }>(
    baseUrl,
    admin,
    '/auth/notification_channels',
    'POST',
    { type: 'webhook', url: 'https://8.8.8.8/never', events: ['preview_ready'] },
  );
  return [
    { name: 'added app secret', value: added },
    { name: 'saved registry password', value: saved },
    { name: 'webhook signing secret', value: channel.signing_secret },
  ];
}

/** An external cluster whose kubeconfig carries a bearer token (its API is not there: cheap). */
async function externalClusterSecret(
  baseUrl: string,
  admin: ApiUser,
  unreachablePort: number,
): Promise<PlantedSecret> {
  const token = freshSecret('kube-token');
  const kubeconfig = [
    'apiVersion: v1',
    'kind: Config',
    'current-context: outside',
    'clusters:',
    `- name: outside\n  cluster:\n    server: https://127.0.0.1:${unreachablePort}`,
    'users:',
    `- name: robot\n  user:\n    token: ${token}`,
    'contexts:',
    '- name: outside\n  context:\n    cluster: outside\n    user: robot',
    '',
  ].join('\n');
  const form = new FormData();
  form.append('name', 'outside');
  form.append('kubeConfig', new Blob([kubeconfig], { type: 'application/yaml' }), 'kubeconfig');
  await posted(baseUrl, admin, '/cluster/clusters/external', form);
  return { name: 'kubeconfig token', value: token };
}

/** Gives the server every kind of secret it keeps, through its API; answers them. */
export async function plantSecrets(
  baseUrl: string,
  adminCredentials: { username: string; password: string },
  unreachablePort: number,
): Promise<PlantedSecret[]> {
  const admin = await logIn(baseUrl, adminCredentials as Parameters<typeof logIn>[1]);
  const adminToken = admin.headers.authorization!.replace(/^Bearer /, '');
  return [
    { name: 'admin password', value: adminCredentials.password },
    { name: 'admin session token', value: adminToken },
    ...(await accountSecrets(baseUrl, admin)),
    ...(await clusterSecrets(baseUrl, admin)),
    await externalClusterSecret(baseUrl, admin, unreachablePort),
  ];
}
