import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, logIn, newUser, readySmartCluster, send, until, type ApiUser } from './support/api';
import { startBystander } from './support/bystander';
import { figuresRow, printFigures, type AttackFigures } from './support/figures';
import { startMeridian, type MeridianProcess } from './support/meridian-process';

let server: MeridianProcess;
let attacker: ApiUser;
let bystander: ApiUser;
const rows: AttackFigures[] = [];
const closers: (() => Promise<void>)[] = [];

const askSmartClusters = async () =>
  (await send(server.baseUrl, '/cluster/smart_clusters', { headers: bystander.headers })).status ===
  200;

function row(attack: string, requests: number, fields: Partial<AttackFigures>): AttackFigures {
  return figuresRow(server, attack, requests, fields);
}

/** An HTTP server on loopback for a fake cluster API, closed after the suite. */
async function fakeApi(handler: http.RequestListener): Promise<string> {
  const api = http.createServer(handler);
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  closers.push(async () => {
    api.closeAllConnections();
    await new Promise((resolve) => api.close(resolve));
  });
  return `http://127.0.0.1:${(api.address() as net.AddressInfo).port}`;
}

function kubeconfig(server: string): string {
  return [
    'apiVersion: v1',
    'kind: Config',
    `clusters: [{name: c, cluster: {server: "${server}"}}]`,
    'users: [{name: u, user: {token: t}}]',
    'contexts: [{name: x, context: {cluster: c, user: u}}]',
    'current-context: x',
  ].join('\n');
}

async function addExternal(user: ApiUser, name: string, apiUrl: string): Promise<string> {
  const body = new FormData();
  body.append('name', name);
  body.append('kubeConfig', new Blob([kubeconfig(apiUrl)]), 'kubeconfig.yaml');
  const answer = await send(server.baseUrl, '/cluster/clusters/external', {
    method: 'POST',
    headers: user.headers,
    body,
  });
  if (answer.status !== 200) throw new Error(`external upload answered ${answer.body}`);
  return (JSON.parse(answer.body) as { uuid: string }).uuid;
}

async function statusOf(user: ApiUser, uuid: string): Promise<{ status: string; reason: string }> {
  const list = await json<{ uuid: string; status: string; status_reason: string | null }[]>(
    server.baseUrl,
    user,
    '/cluster/smart_clusters',
  );
  const found = list.find((item) => item.uuid === uuid);
  return { status: found?.status ?? 'gone', reason: found?.status_reason ?? '' };
}

describe('HTTP and job abuse', () => {
  beforeAll(async () => {
    server = await startMeridian();
    const admin = await logIn(server.baseUrl);
    attacker = await newUser(server.baseUrl, admin, 'http-attacker');
    bystander = await newUser(server.baseUrl, admin, 'http-bystander');
  });
  afterAll(async () => {
    printFigures('HTTP connections and jobs under abuse', rows);
    for (const close of closers) await close();
    await server?.stop();
  });

  it('closes 1,000 connections that trickle their bodies, and answers others meanwhile', async () => {
    const { port } = new URL(server.baseUrl);
    const watcher = startBystander(askSmartClusters);
    let answered408 = 0;
    const started = performance.now();
    const sockets = Array.from(
      { length: 1_000 },
      () =>
        new Promise<void>((resolve) => {
          const socket = net.connect(Number(port), '127.0.0.1', () => {
            socket.write(
              'POST /auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
                'Content-Length: 100000\r\n\r\n{',
            );
          });
          const trickle = setInterval(() => socket.write(' '), 2_000);
          socket.on('data', (chunk) => {
            if (chunk.toString().startsWith('HTTP/1.1 408')) answered408 += 1;
          });
          socket.on('error', () => undefined);
          socket.on('close', () => {
            clearInterval(trickle);
            resolve();
          });
        }),
    );
    await Promise.all(sockets);
    const closedAfterMs = performance.now() - started;
    const seen = await watcher.stop();
    rows.push(
      row('1,000 trickled request bodies', 1_000, {
        answered4xx: answered408,
        other: 1_000 - answered408,
        bystanderSlowestMs: seen.slowestMs,
      }),
    );
    console.log(`trickled connections all closed after ${(closedAfterMs / 1000).toFixed(1)} s`);
    expect(seen.failed).toBe(0);
    expect(server.exits()).toBe(0);
    // The request deadline (30 s) plus Node's check interval, with room for a loaded machine.
    expect(closedAfterMs).toBeLessThan(60_000);
  }, 120_000);

  it("does not let one user's hung cluster APIs hold another user's cluster check", async () => {
    const silent = await fakeApi(() => undefined);
    const trickling = await fakeApi((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"gitVersion":');
      const timer = setInterval(() => response.write(' '), 200);
      response.on('close', () => clearInterval(timer));
    });
    const healthy = await fakeApi((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"major":"1","minor":"32","gitVersion":"v1.32.0"}');
    });
    const hung = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        addExternal(attacker, `hung-${i}`, i % 2 ? silent : trickling),
      ),
    );
    const started = performance.now();
    const own = await addExternal(bystander, 'mine', healthy);
    await until(async () => (await statusOf(bystander, own)).status === 'success', 'own cluster');
    const ownMs = Math.round(performance.now() - started);
    for (const uuid of hung) {
      await until(async () => (await statusOf(attacker, uuid)).status === 'failure', 'hung one');
      expect((await statusOf(attacker, uuid)).reason).toMatch(/^The cluster API at http/);
    }
    rows.push(row('12 hung cluster APIs (checks)', 13, { other: 13, bystanderSlowestMs: ownMs }));
    console.log(`the bystander's cluster reached success after ${ownMs} ms`);
    expect(server.exits()).toBe(0);
  }, 120_000);

  it('rolls a new image out over 22 deployments of a 256 KB template without stalling', async () => {
    const smartIds: string[] = [];
    for (let i = 0; i < 11; i++) {
      smartIds.push(
        await readySmartCluster(server.baseUrl, attacker, `fan-${i}`, ['ca-montreal', 'jp-tokyo']),
      );
    }
    const versionId = await bigApp(smartIds);
    await json(server.baseUrl, attacker, '/cluster/clusters/versions', 'POST', {
      version_uuid: versionId,
      smart_cluster_uuids: smartIds.slice(1),
    });
    await waitForDeployments(22);
    const { key } = await json<{ key: string }>(server.baseUrl, attacker, '/auth/api_key', 'POST', {
      name: 'pipeline',
    });
    const watcher = startBystander(askSmartClusters);
    const rollout = await send(server.baseUrl, `/meridian/v1/kube/apps/${appUuid}/deployment`, {
      method: 'PUT',
      headers: {
        authorization: `ApiKey ${key}`,
        'x-user-id': attacker.userId,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ cluster_uuids: smartIds, image_name: 'nginx:1.28' }),
    });
    expect(rollout.status, rollout.body).toBe(200);
    await waitForDeployments(22, 'nginx:1.28');
    const seen = await watcher.stop();
    rows.push(
      row('CI/CD image over 22 targets, 256 KB', 1, {
        other: 1,
        bystanderSlowestMs: seen.slowestMs,
      }),
    );
    console.log(`the CI/CD call answered in ${Math.round(rollout.ms)} ms`);
    expect(seen.failed).toBe(0);
  }, 240_000);
});

let appUuid = '';

/** An Advanced app of about 256 KB (a Deployment and a large ConfigMap) on the first target. */
async function bigApp(smartIds: readonly string[]): Promise<string> {
  const data = Array.from({ length: 250 }, (_, i) => `  f${i}: "${'x'.repeat(1_000)}"`);
  const template = [
    'apiVersion: v1',
    'kind: ConfigMap',
    'metadata: {name: big}',
    'data:',
    ...data,
    '---',
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata: {name: big}',
    'spec:',
    '  replicas: 1',
    '  selector: {matchLabels: {app: big}}',
    '  template:',
    '    metadata: {labels: {app: big}}',
    '    spec: {containers: [{name: big, image: "nginx:1.27"}]}',
  ].join('\n');
  const body = new FormData();
  for (const [name, value] of Object.entries({
    name: 'big',
    version_name: 'v1',
    smart_cluster_uuid: smartIds[0]!,
    template_type: 'KUBERNETES_ADVANCED',
  })) {
    body.append(name, value);
  }
  body.append('template', new Blob([template]), 'big.yaml');
  const answer = await send(server.baseUrl, '/meridian/v1/kube/apps', {
    method: 'POST',
    headers: attacker.headers,
    body,
  });
  if (answer.status !== 200) throw new Error(`big app answered ${answer.body}`);
  const app = JSON.parse(answer.body) as { uuid: string; versions: { uuid: string }[] };
  appUuid = app.uuid;
  return app.versions[0]!.uuid;
}

async function waitForDeployments(count: number, image?: string): Promise<void> {
  await until(
    async () => {
      const apps = await json<
        { uuid: string; deployments: { status: string; image_name: string | null }[] }[]
      >(server.baseUrl, attacker, '/meridian/v1/kube/apps');
      const deployments = apps.find((app) => app.uuid === appUuid)?.deployments ?? [];
      return (
        deployments.length === count &&
        deployments.every(
          (item) => item.status === 'success' && (!image || item.image_name === image),
        )
      );
    },
    `${count} deployments`,
    180_000,
  );
}
