import { createHmac, randomUUID } from 'node:crypto';
import { json, readySmartCluster, send, until, type ApiUser } from './api';
import type { OwnedIds } from './isolation';

const datacenter = 'ca-toronto';

function basicForm(fields: Record<string, string>, image: string): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(
    'template',
    JSON.stringify({
      deploymentImage: image,
      deploymentReplicas: 1,
      deploymentTargetPort: 8080,
      deploymentPort: 80,
      dockerRegistryType: 'public',
    }),
  );
  return form;
}

async function postForm<T>(baseUrl: string, user: ApiUser, path: string, form: FormData) {
  const answer = await send(baseUrl, path, { method: 'POST', headers: user.headers, body: form });
  if (answer.status !== 200) throw new Error(`POST ${path} answered ${answer.status}`);
  return JSON.parse(answer.body) as T;
}

interface OwnedApp {
  uuid: string;
  versions: { uuid: string; status: string }[];
  deployments: { uuid: string; status: string }[];
}

/** An app with a deployment (v1) and a second version, both settled. */
async function ownedApp(baseUrl: string, owner: ApiUser, smartCluster: string, prefix: string) {
  const app = await postForm<OwnedApp>(
    baseUrl,
    owner,
    '/meridian/v1/kube/apps',
    basicForm(
      {
        name: `${prefix}-shop`,
        version_name: 'v1',
        smart_cluster_uuid: smartCluster,
        template_type: 'KUBERNETES_BASIC',
      },
      'nginx:1.27',
    ),
  );
  const second = await postForm<{ uuid: string }>(
    baseUrl,
    owner,
    `/meridian/v1/kube/apps/${app.uuid}/versions`,
    basicForm({ name: 'v2', template_type: 'KUBERNETES_BASIC' }, 'nginx:1.28'),
  );
  await until(async () => {
    const now = await json<OwnedApp>(baseUrl, owner, `/meridian/v1/kube/apps/${app.uuid}`);
    const settled = [...now.versions, ...now.deployments].every(
      (item) => item.status === 'success',
    );
    return settled && now.versions.length === 2;
  }, 'the owned app to settle');
  return { app: app.uuid, version: second.uuid, deployment: app.deployments[0]!.uuid };
}

/** A pull request opened on the app's repository (GitHub's `pull_request` event, trimmed). */
export const openedPullRequest = JSON.stringify({
  action: 'opened',
  pull_request: {
    number: 3,
    title: 'A preview for the matrix',
    head: { ref: 'feature', sha: 'c0ffee0000000000000000000000000000000003' },
    base: { ref: 'main' },
    user: { login: 'owner' },
  },
});

/** A GitHub delivery of `event` to the hook `gitSource`, signed with `secret` (issue 39). */
export function gitHubDelivery(
  baseUrl: string,
  {
    gitSource,
    secret,
    event,
    body,
  }: { gitSource: string; secret: string; event: string; body: string },
) {
  return send(baseUrl, `/hooks/github/${gitSource}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-github-event': event,
      'x-github-delivery': randomUUID(),
      'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
    },
    body,
  });
}

/** A rollout of `deployment` to `version` that bakes for an hour: running for the whole suite. */
async function bakingRollout(
  baseUrl: string,
  owner: ApiUser,
  deployment: string,
  version: string,
): Promise<string> {
  const { uuid } = await json<{ uuid: string }>(
    baseUrl,
    owner,
    `/meridian/v1/kube/apps/deployment/${deployment}/rollback`,
    'POST',
    { version_uuid: version, bake_seconds: 3600 },
  );
  await until(async () => {
    const now = await json<{ steps: { state: string }[] }>(
      baseUrl,
      owner,
      `/meridian/v1/kube/apps/rollouts/${uuid}`,
    );
    return now.steps.every((step) => step.state === 'baking');
  }, 'the rollout to bake');
  return uuid;
}

/** The organisation's shared smart cluster, made by its admin `owner`, once ready. */
async function sharedSmartCluster(
  baseUrl: string,
  owner: ApiUser,
  prefix: string,
  organization: string,
): Promise<string> {
  const { uuid } = await json<{ uuid: string }>(baseUrl, owner, '/cluster/clusters', 'POST', {
    name: `${prefix}-shared`,
    datacenters: [datacenter],
    mode: 'MANUAL',
    cluster_size: 'mini',
    default_shared_for_org_uuid: organization,
  });
  await until(async () => {
    const found = await json<{ smart_cluster: { status: string } }>(
      baseUrl,
      owner,
      `/cluster/clusters/${uuid}`,
    );
    return found.smart_cluster.status === 'success';
  }, 'the shared smart cluster');
  return uuid;
}

/** An invitation `owner` (username `prefix`) received from `inviter` and has not answered. */
async function receivedInvitation(
  baseUrl: string,
  { owner, inviter, prefix }: { owner: ApiUser; inviter: ApiUser; prefix: string },
): Promise<string> {
  const organization = await json<{ uuid: string }>(
    baseUrl,
    inviter,
    '/auth/organizations',
    'POST',
    {
      name: `${prefix}-invited-to`,
    },
  );
  await json(baseUrl, inviter, `/auth/organizations/${organization.uuid}/members`, 'POST', {
    username: prefix,
  });
  const invitations = await json<{ uuid: string; organization_uuid: string }[]>(
    baseUrl,
    owner,
    '/auth/invitations',
  );
  return invitations.find((invitation) => invitation.organization_uuid === organization.uuid)!.uuid;
}

/** What `seedOwner` made: its ids, and its git source's webhook secret (shown once). */
export interface SeededOwner {
  ids: OwnedIds;
  webhookSecret: string;
}

/**
 * One of every kind of resource the API has an id for, all owned by `owner`, whose username
 * `prefix` also names them; `inviter` invites them to an organisation of theirs.
 */
export async function seedOwner(
  baseUrl: string,
  owner: ApiUser,
  prefix: string,
  inviter: ApiUser,
): Promise<SeededOwner> {
  const domainName = `isolation-${prefix}.ca`;
  const smartCluster = await readySmartCluster(baseUrl, owner, prefix, [datacenter]);
  const members = await json<{ uuid: string; smart_cluster_uuid: string }[]>(
    baseUrl,
    owner,
    '/cluster/clusters',
  );
  const memberCluster = members.find((member) => member.smart_cluster_uuid === smartCluster)!;
  const { app, version, deployment } = await ownedApp(baseUrl, owner, smartCluster, prefix);
  const domain = await json<{ uuid: string }>(baseUrl, owner, '/domain/name', 'POST', {
    domain_name: domainName,
  });
  // Issue 39: the app's git source, so its reads answer the owner and its changes are aimed, and
  // a preview of a pull request on it.
  const git = await json<{ uuid: string; secret: string }>(
    baseUrl,
    owner,
    `/meridian/v1/kube/apps/${app}/git`,
    'POST',
    {
      provider: 'github',
      repository: `acme/${prefix}`,
      branch: 'main',
      image: 'ghcr.io/acme/shop:{sha}',
      smart_cluster_uuids: [smartCluster],
      previews: { smart_cluster_uuid: smartCluster, domain_uuid: domain.uuid },
    },
  );
  const opened = await gitHubDelivery(baseUrl, {
    gitSource: git.uuid,
    secret: git.secret,
    event: 'pull_request',
    body: openedPullRequest,
  });
  if (opened.status !== 200) throw new Error(`pull request delivery: ${opened.body}`);
  const record = await json<{ uuid: string }>(baseUrl, owner, '/domain/dns/user', 'POST', {
    domain_uuid: domain.uuid,
    domain: `www.${domainName}`,
    type: 'A',
    content: '192.0.2.1',
  });
  const entries = `/domain/dns/user/entries/deployments/${deployment}`;
  await json(baseUrl, owner, entries, 'PUT', { domain_names: [`shop.${domainName}`] });
  const certificate = await send(baseUrl, `/certificate/deployments/${deployment}`, {
    method: 'POST',
    headers: owner.headers,
  });
  if (certificate.status !== 200) throw new Error(`certificate: ${certificate.body}`);
  const rollout = await bakingRollout(baseUrl, owner, deployment, version);
  await json(baseUrl, owner, '/auth/api_key', 'POST', { name: `${prefix}-ci` });
  const registry = await json<{ uuid: string }>(baseUrl, owner, '/auth/registries', 'POST', {
    name: `${prefix}-registry`,
    url: 'https://registry.example.ca',
    username: prefix,
    password: `${prefix}-registry-password`,
  });
  // Loopback, where nothing listens (the server runs with MERIDIAN_ALLOW_PRIVATE_OUTBOUND=1);
  // an event that never happens in the run, so nothing is ever sent.
  const channel = await json<{ uuid: string }>(
    baseUrl,
    owner,
    '/auth/notification_channels',
    'POST',
    {
      type: 'webhook',
      url: 'http://127.0.0.1:9/isolation',
      events: ['preview_ready'],
    },
  );
  const organization = await json<{ uuid: string }>(baseUrl, owner, '/auth/organizations', 'POST', {
    name: `${prefix}-org`,
  });
  const sharedCluster = await sharedSmartCluster(baseUrl, owner, prefix, organization.uuid);
  const invitation = await receivedInvitation(baseUrl, { owner, inviter, prefix });
  const notifications = await json<{ uuid: string }[]>(
    baseUrl,
    owner,
    '/event/server/notifications',
  );
  const ids: OwnedIds = {
    smartCluster,
    sharedCluster,
    memberCluster: memberCluster.uuid,
    app,
    version,
    deployment,
    rollout,
    domain: domain.uuid,
    dnsRecord: record.uuid,
    organization: organization.uuid,
    invitation,
    registry: registry.uuid,
    notificationChannel: channel.uuid,
    gitSource: git.uuid,
    user: owner.userId,
    notification: notifications[0]!.uuid,
    apiKeyName: `${prefix}-ci`,
    domainName,
    username: prefix,
  };
  return { ids, webhookSecret: git.secret };
}

/** The owner's own reads of everything seeded: any change between two snapshots is a leak. */
export function snapshotPaths(ids: OwnedIds): string[] {
  const apps = '/meridian/v1/kube/apps';
  return [
    apps,
    `${apps}/${ids.app}`,
    `${apps}/${ids.app}/rollouts`,
    `${apps}/rollouts/${ids.rollout}`,
    `${apps}/${ids.app}/history`,
    `${apps}/${ids.app}/git`,
    `${apps}/${ids.app}/previews`,
    `${apps}/versions/${ids.version}/template`,
    '/cluster/smart_clusters',
    '/cluster/clusters',
    '/domain/name',
    `/domain/dns/user?domain_uuid=${ids.domain}`,
    '/auth/api_key',
    '/auth/notification_channels',
    `/auth/notification_channels/${ids.notificationChannel}/deliveries`,
    '/billing/budget',
    '/auth/organizations',
    '/auth/invitations',
    '/event/server/notifications',
    '/event/server/notifications/count',
    `/certificate/deployments/${ids.deployment}/pem`,
  ];
}

/** Each snapshot path's status and body, as the owner reads it now. */
export async function ownerSnapshot(
  baseUrl: string,
  owner: ApiUser,
  ids: OwnedIds,
): Promise<Map<string, string>> {
  const paths = snapshotPaths(ids);
  const answers = await Promise.all(
    paths.map((path) => send(baseUrl, path, { headers: owner.headers })),
  );
  return new Map(
    paths.map((path, index) => [path, `${answers[index]!.status} ${answers[index]!.body}`]),
  );
}

const deploymentUnderWay = /"status":"(pending|creating|updating|deleting)"/;

/** A snapshot once two in a row agree: the seeded work (rollout step, jobs) has settled. */
export async function settledSnapshot(
  baseUrl: string,
  owner: ApiUser,
  ids: OwnedIds,
): Promise<Map<string, string>> {
  let last = await ownerSnapshot(baseUrl, owner, ids);
  await until(async () => {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = await ownerSnapshot(baseUrl, owner, ids);
    const still = changedPaths(last, now).length === 0;
    last = now;
    // Two equal reads can fall between the steps of a deployment a loaded machine runs slowly.
    const deployments = `${now.get('/meridian/v1/kube/apps')}${now.get(`/meridian/v1/kube/apps/${ids.app}/previews`)}`;
    return still && !deploymentUnderWay.test(deployments);
  }, 'the owner’s data to settle');
  return last;
}

/** The snapshot paths whose answer differs between `before` and `after`, with where. */
export function changedPaths(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...before.keys()].flatMap((path) => {
    const [was, now] = [before.get(path) ?? '', after.get(path) ?? ''];
    if (was === now) return [];
    let at = 0;
    while (was[at] === now[at]) at += 1;
    return [`${path}: …${was.slice(at - 60, at + 60)}… became …${now.slice(at - 60, at + 60)}…`];
  });
}
