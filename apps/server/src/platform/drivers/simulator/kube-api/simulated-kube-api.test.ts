import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedKubeApi } from './simulated-kube-api';
import { memoryKubePersistence } from './kube-persistence';
import type { ClusterBehaviour } from './simulated-cluster';

const run = promisify(execFile);
const kubectl = '/usr/bin/kubectl';

const manifest = (image: string, replicas = 2) => `
apiVersion: v1
kind: Namespace
metadata: { name: shop }
---
apiVersion: apps/v1
kind: Deployment
metadata: { name: web, namespace: shop, labels: { app: web } }
spec:
  replicas: ${replicas}
  selector: { matchLabels: { app: web } }
  template:
    metadata: { labels: { app: web } }
    spec: { containers: [{ name: web, image: "${image}" }] }
---
apiVersion: v1
kind: Service
metadata: { name: web, namespace: shop }
spec: { type: LoadBalancer, selector: { app: web }, ports: [{ port: 80, targetPort: 8080 }] }
`;

/** What the Basic form renders for `web`: a Secret, a claim, a probed Deployment, an HPA. */
const basicApp = `
apiVersion: v1
kind: Namespace
metadata: { name: web }
---
apiVersion: v1
kind: Secret
metadata: { name: web-secrets, namespace: web }
type: Opaque
data: { API_TOKEN: czNjcmV0 }
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata: { name: web-data, namespace: web }
spec: { accessModes: [ReadWriteOnce], resources: { requests: { storage: 1Gi } } }
---
apiVersion: apps/v1
kind: Deployment
metadata: { name: web, namespace: web }
spec:
  strategy: { type: Recreate }
  selector: { matchLabels: { app: web } }
  template:
    metadata: { labels: { app: web } }
    spec:
      containers:
        - name: web
          image: nginx:1.27
          ports: [{ containerPort: 8080 }]
          env:
            - { name: FOO, value: bar }
            - name: API_TOKEN
              valueFrom: { secretKeyRef: { name: web-secrets, key: API_TOKEN } }
          readinessProbe: { httpGet: { path: /healthz, port: 9999 }, periodSeconds: 10 }
          volumeMounts: [{ name: data, mountPath: /data }]
      volumes: [{ name: data, persistentVolumeClaim: { claimName: web-data } }]
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: { name: web, namespace: web }
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: web }
  minReplicas: 1
  maxReplicas: 3
  metrics: [{ type: Resource, resource: { name: cpu, target: { type: Utilization, averageUtilization: 70 } } }]
`;

describe('the simulated Kubernetes API, driven by kubectl', () => {
  const behaviour: ClusterBehaviour = {
    now: () => Date.now(),
    rolloutMs: () => 1500,
    progressDeadlineMs: 3000,
    failRollouts: false,
    nodeCount: 3,
    kubeVersion: 'v1.31.5',
  };
  const api = new SimulatedKubeApi({
    secret: randomBytes(32),
    port: 0,
    behaviourOf: () => behaviour,
  });
  const clusterId = randomUUID();
  let directory = '';
  let config = '';
  const kube = async (...args: string[]) =>
    (await run(kubectl, ['--kubeconfig', config, ...args], { timeout: 30_000 })).stdout;

  beforeAll(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'sim-kube-'));
    config = path.join(directory, 'kubeconfig');
    await api.issueCredentials(clusterId);
    await writeFile(config, await api.kubeconfig(clusterId, 'edge-1'));
  });
  afterAll(async () => {
    await api.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('answers version, applies server-side, rolls out, lists with columns, serves logs', async () => {
    expect(await kube('version', '-o', 'json')).toContain('v1.31.5');
    const file = path.join(directory, 'app.yaml');
    await writeFile(file, manifest('nginx:1.27'));
    const applied = await kube('apply', '--server-side', '-f', file);
    expect(applied).toMatch(/deployment.apps\/web serverside-applied/);
    expect(
      await kube('rollout', 'status', 'deployment/web', '-n', 'shop', '--timeout=20s'),
    ).toMatch(/successfully rolled out/);
    const deployments = await kube('get', 'deployments', '-A');
    expect(deployments).toMatch(/NAMESPACE\s+NAME\s+READY\s+UP-TO-DATE\s+AVAILABLE\s+AGE/);
    expect(deployments).toMatch(/shop\s+web\s+2\/2\s+2\s+2/);
    expect(await kube('get', 'services', '-n', 'shop')).toMatch(
      /web\s+LoadBalancer\s+10\.96\.\S+\s+203\.0\.113\.\d+\s+80\/TCP/,
    );
    const pods = await kube('get', 'pods', '-n', 'shop', '-o', 'name');
    const [pod] = pods.trim().split('\n');
    expect(pod).toMatch(/^pod\/web-[a-z0-9]{10}-[a-z0-9]{5}$/);
    // A pod seconds old may have written one line, now and then an error-log line: both name the request.
    expect(await kube('logs', '-n', 'shop', pod!, '--tail=3')).toMatch(/"GET \/\S* HTTP\/1.1"/);
    expect(await kube('get', 'nodes')).toMatch(/node-3\s+Ready/);
  });

  it('reports a rollout that cannot finish, with the controller’s reason', async () => {
    const file = path.join(directory, 'broken.yaml');
    await writeFile(file, manifest('Not An Image!', 1));
    await kube('apply', '--server-side', '-f', file);
    const failed = kube('rollout', 'status', 'deployment/web', '-n', 'shop', '--timeout=20s');
    await expect(failed).rejects.toThrow(/exceeded its progress deadline/);
    expect(await kube('get', 'pods', '-n', 'shop')).toMatch(/ErrImagePull/);
  });

  it('shows a Basic app’s env, Secret, claim, autoscaler and probe events as kubectl would', async () => {
    const file = path.join(directory, 'basic.yaml');
    await writeFile(file, basicApp);
    await kube('apply', '--server-side', '-f', file);
    const deployment = await kube('get', 'deploy', 'web', '-n', 'web', '-o', 'yaml');
    expect(deployment).toMatch(/secretKeyRef:\s+key: API_TOKEN\s+name: web-secrets/);
    const [pod] = (await kube('get', 'pods', '-n', 'web', '-o', 'name')).trim().split('\n');
    expect(await kube('get', pod!, '-n', 'web', '-o', 'yaml')).toMatch(
      /name: FOO\s+value: bar[\s\S]*claimName: web-data/,
    );
    const token = await kube(
      'get',
      'secret',
      'web-secrets',
      '-n',
      'web',
      '-o',
      'jsonpath={.data.API_TOKEN}',
    );
    expect(Buffer.from(token, 'base64').toString()).toBe('s3cret');
    expect(await kube('get', 'pvc', '-n', 'web')).toMatch(
      /web-data\s+Bound\s+pvc-[0-9a-f-]{36}\s+1Gi\s+RWO/,
    );
    expect(await kube('get', 'hpa', '-n', 'web')).toMatch(
      /web\s+Deployment\/web\s+cpu: \d+%\/70%\s+1\s+3\s+\d/,
    );
    await expect
      .poll(() => kube('describe', pod!, '-n', 'web'), { timeout: 10_000 })
      .toMatch(/Unhealthy\s+.*Readiness probe failed: Get "http:\/\/[\d.]+:9999\/healthz"/);
    expect(await kube('get', 'events', '-n', 'web')).toMatch(/Warning\s+Unhealthy\s+pod\/web-/);
    await kube('delete', 'namespace', 'web');
  });

  it('refuses another cluster’s token and unknown paths', async () => {
    const otherId = randomUUID();
    await api.issueCredentials(otherId);
    const other = await api.kubeconfig(otherId, 'edge-2');
    const token = /token: (\S+)/.exec(other)![1]!;
    const origin = /server: (https:\/\/[^/]+)/.exec(other)![1]!;
    const borrowed = path.join(directory, 'borrowed');
    await writeFile(
      borrowed,
      (await api.kubeconfig(clusterId, 'edge-1')).replace(/token: \S+/, `token: ${token}`),
    );
    await expect(run(kubectl, ['--kubeconfig', borrowed, 'get', 'pods'])).rejects.toThrow(
      /Unauthorized/,
    );
    expect(origin).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    await expect(kube('get', 'cronjobs')).rejects.toThrow(
      /doesn't have a resource type "cronjobs"/,
    );
    await kube('delete', 'namespace', 'shop');
    expect(await kube('get', 'deployments', '-A')).toBe('');
  });

  it('keeps its objects across a restart, rolled out as they were', async () => {
    const persistence = memoryKubePersistence();
    const secret = randomBytes(32);
    const id = randomUUID();
    const start = () =>
      new SimulatedKubeApi({ secret, port: 0, persistence, behaviourOf: () => behaviour });
    const before = start();
    await before.issueCredentials(id);
    const file = path.join(directory, 'kept.yaml');
    await writeFile(file, manifest('nginx:1.27'));
    const keptConfig = path.join(directory, 'kept-kubeconfig');
    const downloaded = await before.kubeconfig(id, 'kept');
    await writeFile(keptConfig, downloaded);
    const kept$ = (...args: string[]) =>
      run(kubectl, ['--kubeconfig', keptConfig, ...args], { timeout: 30_000 }).then(
        (r) => r.stdout,
      );
    await kept$('apply', '--server-side', '-f', file);
    await kept$('rollout', 'status', 'deployment/web', '-n', 'shop', '--timeout=20s');
    await before.close();

    const after = start();
    try {
      // The same secret, the same CA and token: the file downloaded before works (port 0 here
      // gives the new API another port; a fixed MERIDIAN_SIM_KUBE_PORT keeps it).
      const { origin } = await after.start();
      await writeFile(keptConfig, downloaded.replace(/https:\/\/127\.0\.0\.1:\d+/, origin));
      expect(await kept$('get', 'deployments', '-n', 'shop')).toMatch(/web\s+2\/2\s+2\s+2/);
      expect(await kept$('get', 'services', '-n', 'shop')).toMatch(/203\.0\.113\.\d+/);
      await kept$('delete', 'namespace', 'shop');
      expect(await persistence.load(id)).toEqual([]);
    } finally {
      await after.close();
    }
  });
});
