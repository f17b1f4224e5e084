import { isRecord } from './kubernetes-workload';

/**
 * Why a rollout's pods never became ready, from the kubelet's `Unhealthy` events (core v1
 * events, as on any cluster), in one plain sentence: `Readiness check failed: HTTP GET
 * :9999/healthz connection refused`.
 */

const probeFields = {
  Startup: 'startupProbe',
  Readiness: 'readinessProbe',
  Liveness: 'livenessProbe',
} as const;
type ProbeKind = keyof typeof probeFields;

const record = (value: unknown) => (isRecord(value) ? value : {});
const list = (value: unknown) => (Array.isArray(value) ? value.filter(isRecord) : []);

/** How a probe's attempt ended, from the kubelet's output. */
function outcomeOf(output: string): string {
  if (/connection refused/i.test(output)) return 'connection refused';
  const code = /statuscode: (\d+)/i.exec(output);
  if (code) return `answered ${code[1]}`;
  if (/timeout|deadline exceeded/i.test(output)) return 'timed out';
  return output ? `failed: ${output}` : 'failed';
}

/** The port as the probe names it: a number, or a port name resolved against the container's. */
function portOf(port: unknown, container: Record<string, unknown>): string {
  const named = list(container.ports).find((entry) => entry.name === port);
  return String(named?.containerPort ?? port ?? '');
}

/** What the probe checks and how it ended, e.g. `HTTP GET :9999/healthz connection refused`. */
function describeCheck(
  probe: Record<string, unknown>,
  container: Record<string, unknown>,
  output: string,
) {
  if (isRecord(probe.httpGet)) {
    const port = portOf(probe.httpGet.port, container);
    return `HTTP GET :${port}${String(probe.httpGet.path ?? '/')} ${outcomeOf(output)}`;
  }
  if (isRecord(probe.tcpSocket)) {
    return `TCP :${portOf(probe.tcpSocket.port, container)} ${outcomeOf(output)}`;
  }
  if (isRecord(probe.exec)) {
    const command = Array.isArray(probe.exec.command) ? probe.exec.command.join(' ') : '';
    // The kubelet reports an exec probe's output, not its exit status.
    return `command "${command}" exited with a non-zero status${output ? `: ${output}` : ''}`;
  }
  return outcomeOf(output);
}

/** The container an event's `fieldPath` (`spec.containers{web}`) names, in the pod's spec. */
function containerOf(pod: Record<string, unknown> | undefined, fieldPath: unknown) {
  const name = /^spec\.containers\{(.+)\}$/.exec(String(fieldPath ?? ''))?.[1];
  const containers = list(record(pod?.spec).containers);
  return containers.find((container) => container.name === name) ?? containers[0] ?? {};
}

function isReady(pod: Record<string, unknown>): boolean {
  return list(record(pod.status).conditions).some(
    (condition) => condition.type === 'Ready' && condition.status === 'True',
  );
}

const rank = (kind: ProbeKind) => (kind === 'Liveness' ? 1 : 0);

/**
 * The sentence for the latest `Unhealthy` event of the pods not ready (a readiness or startup
 * probe before a liveness one), or undefined when no probe failed.
 */
export function probeProblem(
  pods: readonly Record<string, unknown>[],
  events: readonly Record<string, unknown>[],
): string | undefined {
  const unready = pods.filter((pod) => !isReady(pod));
  const byName = new Map(unready.map((pod) => [String(record(pod.metadata).name), pod]));
  const failures = events.flatMap((event) => {
    const involved = record(event.involvedObject);
    const match = /^(Readiness|Liveness|Startup) probe failed: ?([\s\S]*)$/.exec(
      String(event.message ?? ''),
    );
    if (event.reason !== 'Unhealthy' || !match || !byName.has(String(involved.name))) return [];
    const at = Date.parse(String(event.lastTimestamp ?? event.eventTime ?? '')) || 0;
    return [{ kind: match[1] as ProbeKind, output: match[2]!.trim(), involved, at }];
  });
  failures.sort((a, b) => rank(a.kind) - rank(b.kind) || b.at - a.at);
  const failure = failures[0];
  if (!failure) return undefined;
  const container = containerOf(
    byName.get(String(failure.involved.name)),
    failure.involved.fieldPath,
  );
  const probe = record(container[probeFields[failure.kind]]);
  return `${failure.kind} check failed: ${describeCheck(probe, container, failure.output)}`;
}
