import dnsPacket from 'dns-packet';
import { json, readySmartCluster, send, until, type ApiUser } from './api';
import { query, udpExchange } from './dns-client';

/** Where a stage's requests go: the current process, whichever restart that is. */
export interface StageTarget {
  baseUrl(): string;
  dnsPort(): number;
  user: ApiUser;
}

/**
 * Work that sends durable jobs: `prepare` builds what it needs (unarmed), `act` starts the work
 * (armed: the server may die under it), `settled` says the final state is reached.
 */
export interface CrashStage {
  name: string;
  prepare(target: StageTarget, tag: string): Promise<Record<string, string>>;
  act(target: StageTarget, made: Record<string, string>): Promise<void>;
  settled(target: StageTarget, made: Record<string, string>): Promise<boolean>;
  /** Things made more than once, as the API or DNS answers them (0 when none). */
  surplus?(target: StageTarget, made: Record<string, string>): Promise<number>;
}

const appsPath = '/meridian/v1/kube/apps';
const toronto = 'ca-toronto';

interface SmartView {
  uuid: string;
  name: string;
  status: string;
  datacenters: string[];
}
interface AppView {
  uuid: string;
  name: string;
  versions: { uuid: string; status: string }[];
  deployments: { uuid: string; status: string; version_uuid: string }[];
}

const get = <T>(target: StageTarget, path: string) => json<T>(target.baseUrl(), target.user, path);

async function smartNamed(target: StageTarget, name: string): Promise<SmartView | undefined> {
  const list = await get<SmartView[]>(target, '/cluster/smart_clusters');
  return list.find((item) => item.name === name);
}

function basicForm(fields: Record<string, string>, image: string): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const template = { deploymentImage: image, deploymentReplicas: 1, deploymentTargetPort: 8080 };
  form.append(
    'template',
    JSON.stringify({ ...template, deploymentPort: 80, dockerRegistryType: 'public' }),
  );
  return form;
}

async function postForm(target: StageTarget, path: string, form: FormData): Promise<void> {
  const answer = await send(target.baseUrl(), path, {
    method: 'POST',
    headers: target.user.headers,
    body: form,
  });
  // 0: the server died under the request (the kill), which the stage then recovers from.
  if (answer.status !== 200 && answer.status !== 0) {
    throw new Error(`POST ${path} answered ${answer.status}: ${answer.body}`);
  }
}

/** The app named `name`, once found (by name: the answer to the request may be lost). */
async function appNamed(target: StageTarget, name: string): Promise<AppView | undefined> {
  const list = await get<AppView[]>(target, appsPath);
  const found = list.find((item) => item.name === name);
  return found && get<AppView>(target, `${appsPath}/${found.uuid}`);
}

function deployApp(target: StageTarget, smart: string, name: string): Promise<void> {
  const fields = {
    name,
    version_name: 'v1',
    smart_cluster_uuid: smart,
    template_type: 'KUBERNETES_BASIC',
  };
  return postForm(target, appsPath, basicForm(fields, 'nginx:1.27'));
}

/** Every version and deployment of the app settled at success (and `count` deployments). */
async function appSettled(target: StageTarget, name: string, versions = 1): Promise<boolean> {
  const app = await appNamed(target, name);
  if (!app || app.versions.length !== versions || app.deployments.length !== 1) return false;
  return [...app.versions, ...app.deployments].every((item) => item.status === 'success');
}

async function readyApp(target: StageTarget, smart: string, name: string, versions = 1) {
  await deployApp(target, smart, name);
  const app = (await appNamed(target, name))!;
  if (versions === 2) {
    const form = basicForm({ name: 'v2', template_type: 'KUBERNETES_BASIC' }, 'nginx:1.28');
    await postForm(target, `${appsPath}/${app.uuid}/versions`, form);
  }
  await until(() => appSettled(target, name, versions), `app ${name}`);
  const settled = (await appNamed(target, name))!;
  const deployment = settled.deployments[0]!;
  // The version not deployed: where a rollout goes.
  const other = settled.versions.find((version) => version.uuid !== deployment.version_uuid);
  return { app: settled.uuid, deployment: deployment.uuid, other: other?.uuid ?? '' };
}

const smartSettled = async (target: StageTarget, name: string) =>
  (await smartNamed(target, name))?.status === 'success';

const montreal = { latitude: 45.5, longitude: -73.57, weight: 1, name: 'Montréal users' };
const tokyo = { latitude: 35.68, longitude: 139.69, weight: 1, name: 'Tokyo users' };

/** An automatic smart cluster placed for users at `users` (within 100 ms, any budget). */
function automatic(name: string, users: typeof montreal) {
  const sizes = { cluster_size: 'mini', master_count: 1, minion_count: 1 };
  const datacenters = ['ca-montreal', 'jp-tokyo'];
  return {
    name,
    mode: 'AUTOMATIC',
    datacenters,
    latency: 100,
    budget: 100_000,
    ...sizes,
    demand: [users],
  };
}

function postSmart(target: StageTarget, body: object) {
  return send(target.baseUrl(), '/cluster/clusters', {
    method: 'POST',
    headers: { ...target.user.headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

function putSmart(target: StageTarget, made: Record<string, string>, datacenter: string) {
  return send(target.baseUrl(), `/cluster/clusters/${made.smart}`, {
    method: 'PUT',
    headers: { ...target.user.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ name: made.renamed, datacenters: [datacenter] }),
  });
}

export const clusterStages: CrashStage[] = [
  {
    name: 'create smart cluster',
    prepare: async (_target, tag) => ({ name: `${tag}-new` }),
    async act(target, made) {
      const body = {
        name: made.name,
        datacenters: [toronto],
        mode: 'MANUAL',
        cluster_size: 'mini',
      };
      await postSmart(target, body);
    },
    settled: (target, made) => smartSettled(target, made.name!),
  },
  {
    name: 'update smart cluster',
    async prepare(target, tag) {
      const smart = await readySmartCluster(target.baseUrl(), target.user, `${tag}-up`, [toronto]);
      return { smart, renamed: `${tag}-upd` };
    },
    act: async (target, made) => void (await putSmart(target, made, toronto)),
    settled: (target, made) => smartSettled(target, made.renamed!),
  },
  {
    name: 'delete smart cluster',
    async prepare(target, tag) {
      const name = `${tag}-del`;
      return {
        name,
        smart: await readySmartCluster(target.baseUrl(), target.user, name, [toronto]),
      };
    },
    async act(target, made) {
      const path = `/cluster/clusters/${made.smart}`;
      await send(target.baseUrl(), path, { method: 'DELETE', headers: target.user.headers });
    },
    settled: async (target, made) => !(await smartNamed(target, made.name!)),
  },
  {
    // An automatic smart cluster whose users moved is re-placed (replace-smart-cluster).
    name: 'move smart cluster with an app',
    async prepare(target, tag) {
      const name = `${tag}-mv`;
      await postSmart(target, automatic(name, montreal));
      await until(() => smartSettled(target, name), `smart cluster ${name}`);
      const smart = (await smartNamed(target, name))!.uuid;
      const { app } = await readyApp(target, smart, `${tag}-mvapp`);
      return { smart, name, app: `${tag}-mvapp`, appId: app };
    },
    async act(target, made) {
      await send(target.baseUrl(), `/cluster/clusters/${made.smart}`, {
        method: 'PUT',
        headers: { ...target.user.headers, 'content-type': 'application/json' },
        body: JSON.stringify(automatic(made.name!, tokyo)),
      });
    },
    async settled(target, made) {
      const smart = await smartNamed(target, made.name!);
      if (smart?.status !== 'success' || smart.datacenters.join() !== 'jp-tokyo') return false;
      return appSettled(target, made.app!);
    },
  },
];

export function appStages(baseSmart: () => string): CrashStage[] {
  return [
    {
      name: 'deploy app',
      prepare: async (_target, tag) => ({ name: `${tag}-app` }),
      act: (target, made) => deployApp(target, baseSmart(), made.name!),
      settled: (target, made) => appSettled(target, made.name!),
    },
    {
      name: 'remove deployment',
      async prepare(target, tag) {
        const name = `${tag}-rm`;
        return { name, ...(await readyApp(target, baseSmart(), name)) };
      },
      async act(target, made) {
        await send(target.baseUrl(), `${appsPath}/deployment`, {
          method: 'DELETE',
          headers: { ...target.user.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ uuids: [made.deployment] }),
        });
      },
      settled: async (target, made) =>
        (await appNamed(target, made.name!))?.deployments.length === 0,
    },
    {
      name: 'progressive rollout',
      async prepare(target, tag) {
        const name = `${tag}-ro`;
        const { deployment, other } = await readyApp(target, baseSmart(), name, 2);
        return { name, deployment, version: other };
      },
      async act(target, made) {
        const path = `${appsPath}/deployment/${made.deployment}/rollback`;
        await send(target.baseUrl(), path, {
          method: 'POST',
          headers: { ...target.user.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ version_uuid: made.version, bake_seconds: 0 }),
        });
      },
      async settled(target, made) {
        const app = await appNamed(target, made.name!);
        if (!app) return false;
        const rollouts = await get<{ status: string }[]>(
          target,
          `${appsPath}/${app.uuid}/rollouts`,
        );
        return rollouts.length === 1 && rollouts[0]!.status === 'completed';
      },
    },
  ];
}

interface DomainView {
  uuid: string;
  domain_name: string;
  status: string;
}

async function domainNamed(target: StageTarget, name: string): Promise<DomainView | undefined> {
  const list = await get<DomainView[]>(target, '/domain/name');
  return list.find((item) => item.domain_name === name);
}

function postDomain(target: StageTarget, name: string) {
  return send(target.baseUrl(), '/domain/name', {
    method: 'POST',
    headers: { ...target.user.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ domain_name: name }),
  });
}

/** The A records the built-in DNS server answers for the deployment's name. */
async function addressesOf(target: StageTarget, made: Record<string, string>): Promise<number> {
  const answer = await udpExchange(target.dnsPort(), query(`shop.${made.domain}`, 'A'));
  if (!answer) return 0;
  return (dnsPacket.decode(answer).answers ?? []).filter((record) => record.type === 'A').length;
}

export function domainStages(baseSmart: () => string): CrashStage[] {
  return [
    {
      name: 'add domain',
      prepare: async (_target, tag) => ({ name: `${tag}.crash.ca` }),
      act: async (target, made) => void (await postDomain(target, made.name!)),
      settled: async (target, made) =>
        (await domainNamed(target, made.name!))?.status === 'success',
    },
    {
      name: 'name a deployment',
      async prepare(target, tag) {
        const domain = `${tag}-n.crash.ca`;
        await postDomain(target, domain);
        await until(
          async () => (await domainNamed(target, domain))?.status === 'success',
          `domain ${domain}`,
        );
        const name = `${tag}-named`;
        return { domain, name, ...(await readyApp(target, baseSmart(), name)) };
      },
      async act(target, made) {
        const path = `/domain/dns/user/entries/deployments/${made.deployment}`;
        await send(target.baseUrl(), path, {
          method: 'PUT',
          headers: { ...target.user.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ domain_names: [`shop.${made.domain}`] }),
        });
      },
      async settled(target, made) {
        const app = await appNamed(target, made.name!);
        const deployment = app?.deployments.length === 1 ? app.deployments[0] : undefined;
        return deployment?.status === 'success' && (await addressesOf(target, made)) > 0;
      },
      surplus: async (target, made) => Math.max(0, (await addressesOf(target, made)) - 1),
    },
  ];
}
