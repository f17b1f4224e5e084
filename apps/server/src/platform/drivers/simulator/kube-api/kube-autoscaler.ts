import { createHash } from 'node:crypto';
import { isRecord, type KubeObject } from './kube-store';
import { containersOf, replicasOf, specOf } from './kube-workloads';

/**
 * The simulated HorizontalPodAutoscaler controller (docs/simulated-kubernetes.md): the target's
 * pods' CPU follows a simulated load on the datacenter's daily rhythm, fixed per cluster, HPA
 * and minute; the replicas follow `desired = ceil(current × utilization / target)`, clamped to
 * the HPA's bounds, with the real controller's 10 % tolerance and 5-minute scale-down window.
 */

export interface AutoscalerClock {
  clusterId: string;
  now: number;
  /** The simulator's time scale: the scale-down window shrinks with it. */
  scale: number;
  /** How busy apps are at an instant, 0–1 of their peak (the datacenter's daily rhythm). */
  rhythmAt(at: Date): number;
}

const minute = 60_000;
const tolerance = 0.1;
const scaleDownWindowMs = 300_000;

function fraction(seed: string): number {
  return createHash('sha256').update(seed).digest().readUInt32BE(0) / 2 ** 32;
}

/** The HPA's bounds and CPU target (averageUtilization, 80 % unless told). */
export function boundsOf(hpa: KubeObject) {
  const spec = specOf(hpa);
  const metrics = Array.isArray(spec.metrics) ? spec.metrics.filter(isRecord) : [];
  const cpu = metrics
    .map((metric) => (isRecord(metric.resource) ? metric.resource : {}))
    .find((resource) => resource.name === 'cpu');
  const target = isRecord(cpu?.target) ? cpu.target.averageUtilization : undefined;
  const min = typeof spec.minReplicas === 'number' ? Math.max(1, spec.minReplicas) : 1;
  const max = typeof spec.maxReplicas === 'number' ? Math.max(min, spec.maxReplicas) : min;
  const ref = isRecord(spec.scaleTargetRef) ? spec.scaleTargetRef : {};
  return {
    min,
    max,
    target: typeof target === 'number' && target > 0 ? target : 80,
    targetName: String(ref.name ?? ''),
  };
}

/**
 * The CPU the target's pods need at `at`, counted in pods busy at 100 % of their request: at
 * the busiest hour, what 0.5–1.2 × maxReplicas pods at 70 % use (fixed per HPA), times the
 * rhythm, ±10 % fixed per minute. So an HPA aiming at 70 % spans its range over a day.
 */
export function cpuDemand(hpa: KubeObject, clock: AutoscalerClock, at: number): number {
  const { max } = boundsOf(hpa);
  const key = `${clock.clusterId}/${hpa.metadata.namespace}/${hpa.metadata.name}`;
  const start = Math.floor(at / minute) * minute;
  const peak = (0.5 + 0.7 * fraction(key)) * max * 0.7;
  return peak * clock.rhythmAt(new Date(start)) * (0.9 + 0.2 * fraction(`${key}/${start}`));
}

/** Replicas the demand at `at` asks for: ceil(current × utilization / target). */
function recommended(hpa: KubeObject, clock: AutoscalerClock, at: number): number {
  return Math.ceil((cpuDemand(hpa, clock, at) * 100) / boundsOf(hpa).target);
}

/** The pod's CPU request in millicores (what utilization is a share of; 100m unless told). */
function cpuRequestMillis(deployment: KubeObject): number {
  const total = containersOf(deployment).reduce((sum, container) => {
    const resources = isRecord(container.resources) ? container.resources : {};
    const cpu = String((isRecord(resources.requests) ? resources.requests.cpu : '') ?? '');
    const value = cpu.endsWith('m') ? Number(cpu.slice(0, -1)) : Number(cpu) * 1000;
    return sum + (Number.isFinite(value) && value > 0 ? value : 0);
  }, 0);
  return total > 0 ? total : 100;
}

function condition(type: string, status: boolean, reason: string, message: string, at: number) {
  const time = new Date(at).toISOString();
  return { type, status: status ? 'True' : 'False', reason, message, lastTransitionTime: time };
}

function conditionsOf(
  desired: number,
  current: number,
  limited: string | undefined,
  since: number,
) {
  const scaled = desired !== current;
  return [
    condition(
      'AbleToScale',
      true,
      scaled ? 'SucceededRescale' : 'ReadyForNewScale',
      scaled
        ? `the HPA controller was able to update the target scale to ${desired}`
        : 'recommended size matches current size',
      since,
    ),
    condition(
      'ScalingActive',
      true,
      'ValidMetricFound',
      'the HPA was able to successfully calculate a replica count from cpu resource utilization (percentage of request)',
      since,
    ),
    limited
      ? condition(
          'ScalingLimited',
          true,
          limited,
          `the desired replica count is ${limited === 'TooManyReplicas' ? 'more than the maximum' : 'less than the minimum'} replica count`,
          since,
        )
      : condition(
          'ScalingLimited',
          false,
          'DesiredWithinRange',
          'the desired count is within the acceptable range',
          since,
        ),
  ];
}

/** What the controller decides for one HPA: its target's replicas (if it has one) and status. */
export function autoscale(
  hpa: KubeObject,
  target: KubeObject | undefined,
  clock: AutoscalerClock,
): { desired?: number; status: Record<string, unknown> } {
  const { min, max, target: goal, targetName } = boundsOf(hpa);
  const previous = isRecord(hpa.status) ? hpa.status : {};
  if (!target) {
    const message = `the HPA controller was unable to get the target's current scale: deployments.apps "${targetName}" not found`;
    return {
      status: {
        currentReplicas: 0,
        desiredReplicas: 0,
        conditions: [
          condition(
            'AbleToScale',
            false,
            'FailedGetScale',
            message,
            Date.parse(hpa.metadata.creationTimestamp),
          ),
        ],
      },
    };
  }
  const current = replicasOf(target);
  const utilization = Math.round((100 * cpuDemand(hpa, clock, clock.now)) / Math.max(1, current));
  let wanted =
    Math.abs(utilization / goal - 1) <= tolerance ? current : recommended(hpa, clock, clock.now);
  if (wanted < current) {
    // Scale-down takes the highest recommendation of the window, as the real controller does.
    for (let at = clock.now - scaleDownWindowMs * clock.scale; at < clock.now; at += minute) {
      wanted = Math.max(wanted, Math.min(current, recommended(hpa, clock, at)));
    }
  }
  const desired = Math.min(max, Math.max(min, wanted));
  const limited = wanted > max ? 'TooManyReplicas' : wanted < min ? 'TooFewReplicas' : undefined;
  const lastScaleTime =
    desired !== current ? new Date(clock.now).toISOString() : previous.lastScaleTime;
  // Conditions change when the scale does, not at every sync.
  const since = Date.parse(String(lastScaleTime ?? hpa.metadata.creationTimestamp));
  const average = `${Math.round((cpuRequestMillis(target) * utilization) / 100)}m`;
  return {
    desired,
    status: {
      observedGeneration: hpa.metadata.generation,
      ...(typeof lastScaleTime === 'string' ? { lastScaleTime } : {}),
      currentReplicas: current,
      desiredReplicas: desired,
      currentMetrics: [
        {
          type: 'Resource',
          resource: {
            name: 'cpu',
            current: { averageUtilization: utilization, averageValue: average },
          },
        },
      ],
      conditions: conditionsOf(desired, current, limited, since),
    },
  };
}
