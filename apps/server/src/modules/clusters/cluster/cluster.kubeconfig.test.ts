import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { App as AppEntity } from '@meridian/domain/apps/app-api';
import type { Cluster } from '@meridian/domain/clusters/smart-cluster';
import type { SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, logIn, type LoggedIn, type TestApp } from '../../../../test-support/test-app';
import {
  allSettled,
  basicAppFields,
  basicSettings,
  createApp,
  readySmartCluster,
  waitForDeployments,
} from '../../apps/app/app.test-support';
import { createClusterTestApp } from './cluster.test-support';

const run = promisify(execFile);

/**
 * The kubeconfig "Download Kubeconfig" gives works with kubectl while Meridian runs: it reaches
 * the member cluster's API that the simulator serves, where the app's Deployment is.
 */
describe('a downloaded kubeconfig, used by kubectl', () => {
  let t: TestApp;
  let owner: LoggedIn;
  let stranger: LoggedIn;
  let smart: SmartCluster;
  let directory: string;

  const download = async (user: LoggedIn, smartId: string, datacenter: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/cluster/clusters/${smartId}/config`,
      headers: { ...user.headers, 'x-provider-id': datacenter },
    });
    expect(response.statusCode).toBe(200);
    const file = path.join(directory, `${smartId}-${datacenter}.yaml`);
    await writeFile(file, Buffer.from(response.json<string>(), 'base64'));
    return file;
  };
  const kubectl = async (config: string, ...args: string[]) =>
    (await run('/usr/bin/kubectl', ['--kubeconfig', config, ...args], { timeout: 30_000 })).stdout;

  beforeAll(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'meridian-kubeconfig-'));
    t = await createClusterTestApp('pglite');
    owner = await logIn(t.app);
    stranger = await addUser(t, owner, 'stranger');
    smart = await readySmartCluster(t, owner, ['ca-montreal', 'ca-toronto'], 'kubectl-target');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('lists the app’s Deployment, pods and Service on each member cluster', async () => {
    const app = (
      await createApp(t, owner, basicAppFields(smart.uuid, { name: 'kube-shop' }))
    ).json<AppEntity>();
    const done = await waitForDeployments(t, owner, app.uuid, allSettled);
    expect(done.deployments.map((deployment) => deployment.status)).toEqual(['success', 'success']);
    for (const datacenter of ['ca-montreal', 'ca-toronto']) {
      const config = await download(owner, smart.uuid, datacenter);
      expect(await kubectl(config, 'get', 'deployments', '-A')).toMatch(
        /kube-shop\s+kube-shop\s+2\/2\s+2\s+2\s+\d+s/,
      );
      expect(await kubectl(config, 'get', 'pods', '-n', 'kube-shop')).toMatch(
        /kube-shop-[a-z0-9]{10}-[a-z0-9]{5}\s+1\/1\s+Running/,
      );
      const services = await kubectl(config, 'get', 'services', '-n', 'kube-shop', '-o', 'json');
      const address = (JSON.parse(services) as { items: { status: unknown }[] }).items[0]!.status;
      const endpoint = done.deployments.find((d) => d.datacenter_uuid === datacenter)!.endpoint;
      expect(JSON.stringify(address)).toContain(endpoint!);
    }
  });

  it('shows env, secretKeyRef, probes, resources, the HPA and the PVC on the member clusters', async () => {
    const settings = {
      ...basicSettings,
      deploymentReplicas: 2,
      env: [{ name: 'GREETING', value: 'bonjour' }],
      secrets: [{ name: 'API_TOKEN', value: 'kubectl-secret-value' }],
      healthCheck: { type: 'http', path: '/healthz', periodSeconds: 5 },
      resources: {
        cpuRequest: '250m',
        cpuLimit: '500m',
        memoryRequest: '128Mi',
        memoryLimit: '256Mi',
      },
      autoscaling: { minReplicas: 2, maxReplicas: 4, targetCPUUtilization: 70 },
    };
    const stored = {
      ...basicSettings,
      deploymentReplicas: 1,
      volume: { size: '1Gi', mountPath: '/data' },
    };
    const apps = [
      basicAppFields(smart.uuid, { name: 'kube-config', template: JSON.stringify(settings) }),
      basicAppFields(smart.uuid, { name: 'kube-volume', template: JSON.stringify(stored) }),
    ];
    for (const fields of apps) {
      const app = (await createApp(t, owner, fields)).json<AppEntity>();
      await waitForDeployments(t, owner, app.uuid, allSettled);
    }
    const config = await download(owner, smart.uuid, 'ca-montreal');
    const deployment = JSON.parse(
      await kubectl(config, 'get', 'deployment', 'kube-config', '-n', 'kube-config', '-o', 'json'),
    ) as { spec: { template: { spec: { containers: Record<string, unknown>[] } } } };
    const container = deployment.spec.template.spec.containers[0]!;
    expect(container.env).toEqual([
      { name: 'GREETING', value: 'bonjour' },
      {
        name: 'API_TOKEN',
        valueFrom: { secretKeyRef: { name: 'kube-config-secrets', key: 'API_TOKEN' } },
      },
    ]);
    expect(container.readinessProbe).toMatchObject({ httpGet: { path: '/healthz', port: 8080 } });
    expect(container.livenessProbe).toMatchObject({ periodSeconds: 5 });
    expect(container.resources).toEqual({
      requests: { cpu: '250m', memory: '128Mi' },
      limits: { cpu: '500m', memory: '256Mi' },
    });
    const secret = JSON.parse(
      await kubectl(
        config,
        'get',
        'secret',
        'kube-config-secrets',
        '-n',
        'kube-config',
        '-o',
        'json',
      ),
    ) as { data: Record<string, string> };
    expect(Buffer.from(secret.data.API_TOKEN!, 'base64').toString()).toBe('kubectl-secret-value');
    const hpa = await kubectl(
      config,
      'get',
      'hpa',
      'kube-config',
      '-n',
      'kube-config',
      '-o',
      'jsonpath={.spec.scaleTargetRef.name} {.spec.minReplicas} {.spec.maxReplicas}',
    );
    expect(hpa).toBe('kube-config 2 4');
    expect(await kubectl(config, 'get', 'pvc', '-n', 'kube-volume')).toMatch(/kube-volume-data\s+/);
    const volumeDeployment = await kubectl(
      config,
      'get',
      'deployment',
      'kube-volume',
      '-n',
      'kube-volume',
      '-o',
      'jsonpath={.spec.strategy.type} {.spec.template.spec.volumes[0].persistentVolumeClaim.claimName}',
    );
    expect(volumeDeployment).toBe('Recreate kube-volume-data');
  });

  it('is refused by every other cluster, and another user cannot download it', async () => {
    const montreal = await download(owner, smart.uuid, 'ca-montreal');
    const toronto = await download(owner, smart.uuid, 'ca-toronto');
    const members = (
      await t.app.inject({ method: 'GET', url: '/cluster/clusters', headers: owner.headers })
    ).json<Cluster[]>();
    const torontoId = members.find(
      (member) =>
        member.smart_cluster_uuid === smart.uuid && member.datacenter_uuid === 'ca-toronto',
    )!.uuid;
    // Montréal's token, sent to Toronto's API.
    const borrowed = path.join(directory, 'borrowed.yaml');
    const montrealText = await readFile(montreal, 'utf8');
    const torontoText = await readFile(toronto, 'utf8');
    const token = /token: (\S+)/.exec(montrealText)![1]!;
    await writeFile(borrowed, torontoText.replace(/token: \S+/, `token: ${token}`));
    expect(torontoText).toContain(`/clusters/${torontoId}`);
    await expect(kubectl(borrowed, 'get', 'deployments', '-A')).rejects.toThrow(/Unauthorized/);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/cluster/clusters/${smart.uuid}/config`,
      headers: { ...stranger.headers, 'x-provider-id': 'ca-montreal' },
    });
    expect(foreign.statusCode).toBe(404);
  });
});
