import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClusterSpec, WorkloadManifest } from '../infrastructure-driver';
import { resourceByKind } from '../simulator/kube-api/kube-resources';
import { startExternalKubeApi, type ExternalKubeApi } from './external-kube-api.test-support';
import { KubernetesDriver } from './kubernetes-driver';
import { probeProblem } from './kubernetes-probes';

/** The Deployment the Basic form renders for `web`, with one probe on its container. */
function deployment(probes: Record<string, unknown>): WorkloadManifest {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'web' },
    spec: {
      replicas: 1,
      selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web' } },
        spec: {
          containers: [
            {
              name: 'web',
              image: 'nginx:1.27',
              ports: [{ name: 'http', containerPort: 8080 }],
              ...probes,
            },
          ],
        },
      },
    },
  };
}

const timing = { initialDelaySeconds: 5, periodSeconds: 10, failureThreshold: 3 };

describe('probes that cannot pass, as the driver reports them', () => {
  let api: ExternalKubeApi;
  let spec: ClusterSpec;
  let now = Date.parse('2026-11-26T12:00:00Z');
  const driver = new KubernetesDriver({ endpoints: { allowPrivate: true } });
  const pods = resourceByKind('v1', 'Pod')!;
  const events = resourceByKind('v1', 'Event')!;

  beforeAll(async () => {
    // The deadline at 0 fails a stuck rollout at once; the probes' clock is immediate too.
    api = await startExternalKubeApi({ now: () => now, progressDeadlineMs: 0 });
    spec = {
      clusterId: 'c1',
      name: 'edge',
      datacenter: { uuid: 'external', location: 'External' },
      clusterSize: null,
      masterCount: 1,
      minionCount: 1,
      kubeconfig: api.kubeconfig,
    };
  });
  afterAll(async () => {
    await api?.close();
  });

  const rollOut = async (manifest: WorkloadManifest) => {
    const workload = { deploymentId: 'd-1', namespace: 'web', manifests: [manifest] };
    await driver.applyWorkload(spec, workload);
    now += 1000;
    return driver.observeWorkload(spec, workload, { waitMs: 0 });
  };

  it('never readies a pod whose readiness probe asks a port it does not listen on', async () => {
    const probe = { httpGet: { path: '/healthz', port: 9999 }, ...timing };
    expect(await rollOut(deployment({ readinessProbe: probe }))).toEqual({
      state: 'failed',
      reason: 'Readiness check failed: HTTP GET :9999/healthz connection refused',
    });
    const [pod] = api.cluster.list(pods, 'web');
    expect(pod!.status).toMatchObject({
      phase: 'Running',
      conditions: [
        { type: 'Ready', status: 'False' },
        { type: 'ContainersReady', status: 'False' },
      ],
      containerStatuses: [{ name: 'web', ready: false, restartCount: 0 }],
    });
    expect(api.cluster.list(events, 'web')).toEqual([
      expect.objectContaining({
        reason: 'Unhealthy',
        type: 'Warning',
        message: expect.stringMatching(
          /^Readiness probe failed: Get "http:\/\/10\.244\.\d+\.\d+:9999\/healthz": dial tcp .*connection refused$/,
        ),
        involvedObject: expect.objectContaining({ kind: 'Pod', name: pod!.metadata.name }),
      }),
    ]);
  });

  it('reports a TCP probe on another port, and passes one on a named port it declares', async () => {
    const refused = { tcpSocket: { port: 9999 }, ...timing };
    expect(await rollOut(deployment({ readinessProbe: refused }))).toEqual({
      state: 'failed',
      reason: 'Readiness check failed: TCP :9999 connection refused',
    });
    const named = { tcpSocket: { port: 'http' }, ...timing };
    expect(await rollOut(deployment({ readinessProbe: named }))).toMatchObject({
      state: 'available',
    });
  });

  it('fails an exec probe by the rule: `false`, or `exit N` with N other than 0', async () => {
    expect(await rollOut(deployment({ readinessProbe: { exec: { command: ['false'] } } }))).toEqual(
      {
        state: 'failed',
        reason: 'Readiness check failed: command "false" exited with a non-zero status',
      },
    );
    const exit3 = { exec: { command: ['sh', '-c', 'exit 3'] } };
    expect(await rollOut(deployment({ startupProbe: exit3 }))).toEqual({
      state: 'failed',
      reason: 'Startup check failed: command "sh -c exit 3" exited with a non-zero status',
    });
    const passing = { exec: { command: ['sh', '-c', 'test -f /tmp/ready || exit 0'] } };
    expect(await rollOut(deployment({ readinessProbe: passing }))).toMatchObject({
      state: 'available',
    });
  });

  it('restarts a container whose liveness probe fails, ready between restarts', async () => {
    const probe = { httpGet: { path: '/live', port: 9999 }, ...timing };
    expect(await rollOut(deployment({ livenessProbe: probe }))).toMatchObject({
      state: 'available',
    });
    const restarts = () => {
      const [pod] = api.cluster.list(pods, 'web');
      const [container] = (pod!.status as { containerStatuses: { restartCount: number }[] })
        .containerStatuses;
      return container!.restartCount;
    };
    const before = restarts();
    now += 5000;
    expect(restarts()).toBe(before + 5);
    expect(api.cluster.list(events, 'web').map((event) => event.reason)).toEqual([
      'Unhealthy',
      'Killing',
    ]);
  });

  it('words a real kubelet’s events the same way: an HTTP status, a timeout, exec output', () => {
    const pod = (probe: Record<string, unknown>) => ({
      metadata: { name: 'web-1' },
      spec: {
        containers: [{ name: 'web', ports: [{ name: 'http', containerPort: 8080 }], ...probe }],
      },
      status: { conditions: [{ type: 'Ready', status: 'False' }] },
    });
    const event = (message: string) => ({
      reason: 'Unhealthy',
      message,
      involvedObject: { kind: 'Pod', name: 'web-1', fieldPath: 'spec.containers{web}' },
      lastTimestamp: '2026-11-26T12:00:00Z',
    });
    const http = pod({ readinessProbe: { httpGet: { path: '/healthz', port: 'http' } } });
    expect(
      probeProblem(
        [http],
        [event('Readiness probe failed: HTTP probe failed with statuscode: 503')],
      ),
    ).toBe('Readiness check failed: HTTP GET :8080/healthz answered 503');
    const timeout =
      'Readiness probe failed: Get "http://10.1.2.3:8080/healthz": context deadline exceeded (Client.Timeout exceeded while awaiting headers)';
    expect(probeProblem([http], [event(timeout)])).toBe(
      'Readiness check failed: HTTP GET :8080/healthz timed out',
    );
    const exec = pod({ livenessProbe: { exec: { command: ['cat', '/tmp/healthy'] } } });
    expect(
      probeProblem(
        [exec],
        [event('Liveness probe failed: cat: /tmp/healthy: No such file or directory\n')],
      ),
    ).toBe(
      'Liveness check failed: command "cat /tmp/healthy" exited with a non-zero status: cat: /tmp/healthy: No such file or directory',
    );
    // Ready pods' events, and other reasons, are not why a rollout is stuck.
    const ready = { ...http, status: { conditions: [{ type: 'Ready', status: 'True' }] } };
    expect(probeProblem([ready], [event('Readiness probe failed: x')])).toBeUndefined();
  });
});
