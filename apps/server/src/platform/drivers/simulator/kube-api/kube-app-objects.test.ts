import { describe, expect, it } from 'vitest';
import { resourceByKind } from './kube-resources';
import type { KubeObject } from './kube-store';
import { SimulatedCluster, type ClusterBehaviour } from './simulated-cluster';

const kind = (apiVersion: string, name: string) => resourceByKind(apiVersion, name)!;
const namespaces = kind('v1', 'Namespace');
const deployments = kind('apps/v1', 'Deployment');
const pods = kind('v1', 'Pod');
const secrets = kind('v1', 'Secret');
const claims = kind('v1', 'PersistentVolumeClaim');
const autoscalers = kind('autoscaling/v2', 'HorizontalPodAutoscaler');

/** A cluster on a clock the test moves, rollouts immediate (time scale 0). */
function cluster(behaviour: Partial<ClusterBehaviour> = {}) {
  const clock = { now: Date.parse('2026-11-26T12:00:00Z') };
  const simulated = new SimulatedCluster('c-objects', {
    now: () => clock.now,
    rolloutMs: () => 0,
    progressDeadlineMs: 0,
    failRollouts: false,
    nodeCount: 2,
    kubeVersion: 'v1.31.4',
    ...behaviour,
  });
  simulated.apply(
    namespaces,
    undefined,
    { apiVersion: 'v1', metadata: { name: 'web' } },
    'meridian',
  );
  return { simulated, clock };
}

/** The Deployment the Basic form renders for `web`: env with a secretKeyRef, a claim mounted. */
function webDeployment(image = 'nginx:1.27', replicas?: number) {
  return {
    apiVersion: 'apps/v1',
    metadata: { name: 'web' },
    spec: {
      ...(replicas === undefined ? {} : { replicas }),
      strategy: { type: 'Recreate' },
      selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web' } },
        spec: {
          containers: [
            {
              name: 'web',
              image,
              command: ['nginx'],
              args: ['-g', 'daemon off;'],
              ports: [{ containerPort: 8080 }],
              resources: { requests: { cpu: '250m', memory: '128Mi' } },
              env: [
                { name: 'FOO', value: 'bar' },
                {
                  name: 'API_TOKEN',
                  valueFrom: { secretKeyRef: { name: 'web-secrets', key: 'API_TOKEN' } },
                },
              ],
              volumeMounts: [{ name: 'data', mountPath: '/data' }],
            },
          ],
          volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'web-data' } }],
        },
      },
    },
  };
}

const claim = {
  apiVersion: 'v1',
  metadata: { name: 'web-data' },
  spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
};

describe('the objects of a Basic app on a simulated cluster', () => {
  it('shows the env and its secretKeyRef on the Deployment and its pods; the Secret reads back base64', () => {
    const { simulated } = cluster();
    const token = Buffer.from('s3cret').toString('base64');
    simulated.apply(
      secrets,
      'web',
      {
        apiVersion: 'v1',
        metadata: { name: 'web-secrets' },
        type: 'Opaque',
        data: { API_TOKEN: token },
      },
      'meridian',
    );
    simulated.apply(deployments, 'web', webDeployment(), 'meridian');
    expect(simulated.get(secrets, 'web', 'web-secrets')).toMatchObject({
      type: 'Opaque',
      data: { API_TOKEN: token },
    });
    const [pod] = simulated.list(pods, 'web');
    const container = (pod!.spec as { containers: Record<string, unknown>[] }).containers[0];
    expect(container).toMatchObject({
      command: ['nginx'],
      args: ['-g', 'daemon off;'],
      env: [
        { name: 'FOO', value: 'bar' },
        {
          name: 'API_TOKEN',
          valueFrom: { secretKeyRef: { name: 'web-secrets', key: 'API_TOKEN' } },
        },
      ],
    });
    simulated.apply(
      secrets,
      'web',
      { apiVersion: 'v1', metadata: { name: 'typed' }, stringData: { KEY: 'plain' } },
      'kubectl',
    );
    expect(simulated.get(secrets, 'web', 'typed')).toMatchObject({
      type: 'Opaque',
      data: { KEY: Buffer.from('plain').toString('base64') },
    });
    expect(simulated.get(secrets, 'web', 'typed')).not.toHaveProperty('stringData');
  });

  it('binds a claim to a volume of its own that outlives the pods of every rollout', () => {
    const { simulated, clock } = cluster();
    simulated.apply(claims, 'web', claim, 'meridian');
    const bound = simulated.get(claims, 'web', 'web-data');
    expect(bound.status).toEqual({
      phase: 'Bound',
      accessModes: ['ReadWriteOnce'],
      capacity: { storage: '1Gi' },
    });
    const volume = `pvc-${bound.metadata.uid}`;
    expect(bound.spec).toMatchObject({ volumeName: volume });
    simulated.apply(deployments, 'web', webDeployment('nginx:1.27'), 'meridian');
    const first = simulated.list(pods, 'web');
    clock.now += 60_000;
    simulated.apply(deployments, 'web', webDeployment('nginx:1.28'), 'meridian');
    // Re-applied as the driver does on every run: the claim stays bound to the same volume.
    simulated.apply(claims, 'web', claim, 'meridian');
    const second = simulated.list(pods, 'web');
    expect(second.map((pod) => pod.metadata.name)).not.toEqual(
      first.map((pod) => pod.metadata.name),
    );
    for (const pod of [...first, ...second]) {
      expect((pod.spec as { volumes: unknown[] }).volumes).toEqual([
        { name: 'data', persistentVolumeClaim: { claimName: 'web-data' } },
      ]);
    }
    const kept = simulated.get(claims, 'web', 'web-data');
    expect(kept.metadata.uid).toBe(bound.metadata.uid);
    expect(kept.spec).toMatchObject({ volumeName: volume });
    expect(kept.metadata.generation).toBe(1);
  });

  it('scales the Deployment between the HPA’s bounds as the simulated CPU load moves', () => {
    let rhythm = 1;
    const { simulated, clock } = cluster({ rhythmAt: () => rhythm });
    simulated.apply(deployments, 'web', webDeployment('nginx:1.27', 2), 'meridian');
    const hpa = (target: number) => ({
      apiVersion: 'autoscaling/v2',
      metadata: { name: 'web' },
      spec: {
        scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
        minReplicas: 2,
        maxReplicas: 6,
        metrics: [
          {
            type: 'Resource',
            resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: target } },
          },
        ],
      },
    });
    const replicas = () =>
      (simulated.get(deployments, 'web', 'web').spec as { replicas: number }).replicas;
    // At the busiest hour a target of 10 % asks for more than the maximum: 6.
    simulated.apply(autoscalers, 'web', hpa(10), 'meridian');
    expect(replicas()).toBe(6);
    const status = simulated.get(autoscalers, 'web', 'web').status as Record<string, unknown>;
    // Read again, the controller has synced once more (time scale 0): 6 now, held at the maximum.
    expect(status).toMatchObject({
      currentReplicas: 6,
      desiredReplicas: 6,
      lastScaleTime: new Date(clock.now).toISOString(),
      currentMetrics: [
        {
          type: 'Resource',
          resource: { name: 'cpu', current: { averageUtilization: expect.any(Number) } },
        },
      ],
      conditions: [
        { type: 'AbleToScale', status: 'True', reason: 'ReadyForNewScale' },
        { type: 'ScalingActive', status: 'True', reason: 'ValidMetricFound' },
        { type: 'ScalingLimited', status: 'True', reason: 'TooManyReplicas' },
      ],
    });
    expect(
      (status.currentMetrics as { resource: { current: { averageUtilization: number } } }[])[0]!
        .resource.current.averageUtilization,
    ).toBeGreaterThan(10);
    expect(simulated.list(pods, 'web')).toHaveLength(6);
    // The driver's next apply names no replicas: the autoscaler's count stays.
    simulated.apply(deployments, 'web', webDeployment('nginx:1.27'), 'meridian');
    expect(replicas()).toBe(6);
    // A quiet night: the load falls to nothing and, past the scale-down window, the minimum.
    rhythm = 0;
    clock.now += 15 * 60_000;
    expect(replicas()).toBe(2);
    expect(simulated.get(autoscalers, 'web', 'web').status).toMatchObject({
      currentReplicas: 2,
      desiredReplicas: 2,
      currentMetrics: [{ resource: { current: { averageUtilization: 0 } } }],
    });
  });

  it('reports an HPA whose target is missing as unable to scale', () => {
    const { simulated } = cluster();
    simulated.apply(
      autoscalers,
      'web',
      {
        apiVersion: 'autoscaling/v2',
        metadata: { name: 'gone' },
        spec: {
          scaleTargetRef: { kind: 'Deployment', name: 'gone' },
          minReplicas: 1,
          maxReplicas: 3,
        },
      },
      'meridian',
    );
    const status = simulated.get(autoscalers, 'web', 'gone').status as { conditions: KubeObject[] };
    expect(status.conditions[0]).toMatchObject({
      type: 'AbleToScale',
      status: 'False',
      reason: 'FailedGetScale',
    });
  });
});
