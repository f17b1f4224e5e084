import { createHash } from 'node:crypto';
import { isRecord, type KubeObject } from './kube-store';

/**
 * What the simulated kubelet's probes find (docs/simulated-kubernetes.md): a container listens
 * on its declared `ports[].containerPort` only, so an httpGet or tcpSocket probe on any other
 * port is refused; an exec probe fails when its command's first word is `false` or when it
 * holds `exit N` with N ≠ 0. Every other probe passes.
 */

export type ProbeKind = 'Startup' | 'Readiness' | 'Liveness';

const probeFields: Record<ProbeKind, string> = {
  Startup: 'startupProbe',
  Readiness: 'readinessProbe',
  Liveness: 'livenessProbe',
};

/** One probe of a container that cannot pass, on the kubelet's schedule (milliseconds, scaled). */
export interface FailingProbe {
  kind: ProbeKind;
  container: string;
  /** What the kubelet writes after `<kind> probe failed: `, for a pod at this address. */
  output(podIP: string): string;
  initialDelayMs: number;
  periodMs: number;
  failureThreshold: number;
}

const seconds = (value: unknown, fallback: number) =>
  typeof value === 'number' && value >= 0 ? value : fallback;

/** The port a probe names: a number, or the name of one of the container's ports. */
function resolvePort(port: unknown, container: Record<string, unknown>): number | string {
  const ports = Array.isArray(container.ports) ? container.ports.filter(isRecord) : [];
  if (typeof port === 'string' && !/^\d+$/.test(port)) {
    const named = ports.find((entry) => entry.name === port);
    return typeof named?.containerPort === 'number' ? named.containerPort : port;
  }
  return Number(port);
}

function listensOn(container: Record<string, unknown>, port: number | string): boolean {
  const ports = Array.isArray(container.ports) ? container.ports.filter(isRecord) : [];
  return ports.some((entry) => entry.containerPort === port);
}

/** The exit status of an exec probe's command by the simulator's rule (0: it passes). */
export function execExitCode(command: readonly string[]): number {
  const first = (command[0] ?? '').split('/').pop();
  if (first === 'false') return 1;
  for (const word of command) {
    const exit = /\bexit\s+(\d+)\b/.exec(word);
    if (exit && Number(exit[1]) !== 0) return Number(exit[1]);
  }
  return 0;
}

/** Why this probe fails, as the kubelet would word it at `podIP`, or undefined when it passes. */
function failureOf(
  probe: Record<string, unknown>,
  container: Record<string, unknown>,
): ((podIP: string) => string) | undefined {
  if (isRecord(probe.httpGet)) {
    const port = resolvePort(probe.httpGet.port, container);
    if (listensOn(container, port)) return undefined;
    const path = String(probe.httpGet.path ?? '/');
    const scheme = String(probe.httpGet.scheme ?? 'HTTP').toLowerCase();
    return (ip) =>
      `Get "${scheme}://${ip}:${port}${path}": dial tcp ${ip}:${port}: connect: connection refused`;
  }
  if (isRecord(probe.tcpSocket)) {
    const port = resolvePort(probe.tcpSocket.port, container);
    if (listensOn(container, port)) return undefined;
    return (ip) => `dial tcp ${ip}:${port}: connect: connection refused`;
  }
  if (isRecord(probe.exec)) {
    const command = Array.isArray(probe.exec.command) ? probe.exec.command.map(String) : [];
    // The kubelet reports an exec probe's output only; these commands print nothing.
    return execExitCode(command) === 0 ? undefined : () => '';
  }
  return undefined;
}

/**
 * The container's probes that cannot pass. A failing startup probe holds the others back, as
 * the kubelet runs readiness and liveness probes only once the startup probe has passed.
 */
export function failingProbes(container: Record<string, unknown>, scale: number): FailingProbe[] {
  const failing: FailingProbe[] = [];
  for (const kind of ['Startup', 'Readiness', 'Liveness'] as const) {
    const probe = container[probeFields[kind]];
    if (!isRecord(probe)) continue;
    const output = failureOf(probe, container);
    if (!output) continue;
    failing.push({
      kind,
      container: String(container.name ?? 'app'),
      output,
      initialDelayMs: seconds(probe.initialDelaySeconds, 0) * 1000 * scale,
      periodMs: Math.max(1, seconds(probe.periodSeconds, 10) * 1000 * scale),
      failureThreshold: Math.max(1, seconds(probe.failureThreshold, 3)),
    });
    if (kind === 'Startup') break;
  }
  return failing;
}

/** Whether probes keep the pod from ever becoming ready (a failing readiness or startup probe). */
export function probesBlockReadiness(containers: readonly Record<string, unknown>[]): boolean {
  return containers.some((container) =>
    failingProbes(container, 1).some((probe) => probe.kind !== 'Liveness'),
  );
}

/** How often the kubelet kills and restarts the container: never, or every cycle (ms). */
function restartCycleMs(container: Record<string, unknown>, scale: number): number | undefined {
  const killing = failingProbes(container, scale).find((probe) => probe.kind !== 'Readiness');
  if (!killing) return undefined;
  // A floor keeps an immediate clock (scale 0) from restarting without end.
  return Math.max(1000, killing.initialDelayMs + killing.periodMs * killing.failureThreshold);
}

/** The container's restarts by `now` and when it last (re)started. */
export function restartsOf(
  container: Record<string, unknown>,
  startedAt: number,
  now: number,
  scale: number,
): { restartCount: number; lastStartedAt: number } {
  const cycle = restartCycleMs(container, scale);
  if (cycle === undefined || now <= startedAt) return { restartCount: 0, lastStartedAt: startedAt };
  const restartCount = Math.floor((now - startedAt) / cycle);
  return { restartCount, lastStartedAt: startedAt + restartCount * cycle };
}

function eventName(pod: string, seed: string): string {
  return `${pod}.${createHash('sha256').update(seed).digest('hex').slice(0, 16)}`;
}

/** One kubelet event about the pod's container, as core v1 `events` list it. */
function kubeletEvent(
  pod: KubeObject,
  container: string,
  fields: { reason: string; type: string; message: string; first: number; last: number },
  count: number,
): KubeObject {
  const name = eventName(pod.metadata.name, `${container}/${fields.reason}/${fields.message}`);
  const node = String(isRecord(pod.spec) ? (pod.spec.nodeName ?? '') : '');
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: {
      name,
      namespace: pod.metadata.namespace,
      uid: createHash('sha256').update(name).digest('hex').slice(0, 32),
      resourceVersion: pod.metadata.resourceVersion,
      generation: 1,
      creationTimestamp: new Date(fields.first).toISOString(),
    },
    involvedObject: {
      apiVersion: 'v1',
      kind: 'Pod',
      name: pod.metadata.name,
      namespace: pod.metadata.namespace,
      uid: pod.metadata.uid,
      fieldPath: `spec.containers{${container}}`,
    },
    reason: fields.reason,
    message: fields.message,
    type: fields.type,
    count,
    firstTimestamp: new Date(fields.first).toISOString(),
    lastTimestamp: new Date(fields.last).toISOString(),
    source: { component: 'kubelet', host: node },
    reportingComponent: 'kubelet',
    reportingInstance: node,
  };
}

/**
 * The kubelet's events for a pod's failing probes by `now`: `Unhealthy` (Warning) once a probe
 * has failed, counted each period, and `Killing` once a liveness or startup probe restarted it.
 */
export function probeEventsOf(pod: KubeObject, now: number, scale: number): KubeObject[] {
  const spec = isRecord(pod.spec) ? pod.spec : {};
  const status = isRecord(pod.status) ? pod.status : {};
  const containers = Array.isArray(spec.containers) ? spec.containers.filter(isRecord) : [];
  const startedAt = Date.parse(String(status.startTime ?? pod.metadata.creationTimestamp));
  const podIP = String(status.podIP ?? '');
  // The kubelet probes only containers that run: none while pulling or creating.
  if (status.phase !== 'Running') return [];
  return containers.flatMap((container) =>
    failingProbes(container, scale).flatMap((probe) => {
      const first = startedAt + probe.initialDelayMs;
      if (now < first) return [];
      const failures = Math.floor((now - first) / probe.periodMs) + 1;
      const last = first + (failures - 1) * probe.periodMs;
      const message = `${probe.kind} probe failed: ${probe.output(podIP)}`;
      const unhealthy = { reason: 'Unhealthy', type: 'Warning', message, first, last };
      const events = [kubeletEvent(pod, probe.container, unhealthy, failures)];
      const { restartCount } = restartsOf(container, startedAt, now, scale);
      if (probe.kind !== 'Readiness' && restartCount > 0) {
        const killing = {
          reason: 'Killing',
          type: 'Normal',
          message: `Container ${probe.container} failed ${probe.kind.toLowerCase()} probe, will be restarted`,
          first,
          last,
        };
        events.push(kubeletEvent(pod, probe.container, killing, restartCount));
      }
      return events;
    }),
  );
}
