import { createHash } from 'node:crypto';
import { deploymentAnnotation } from '../kubernetes/kubernetes-workload';
import { quantityValue } from '../kubernetes/kubernetes-snapshot';
import { resourceByKind } from './kube-api/kube-resources';
import { isRecord, type KubeObject } from './kube-api/kube-store';
import { containersOf } from './kube-api/kube-workloads';
import type { SimulatedCluster } from './kube-api/simulated-cluster';

/**
 * How many requests a simulated workload gets, how well it serves them and what it uses doing
 * so: the 5xx share, the 95th percentile of response times, the CPU and memory of its pods.
 */

const minute = 60_000;

// Long windows (after a restart) are walked in steps so the rhythm follows the clock.
export const trafficStepMs = 15 * minute;

/** 0–1, fixed by the workload and what it is for: a deployment keeps its character. */
function fraction(deploymentId: string, purpose?: string): number {
  const key = purpose === undefined ? deploymentId : `${deploymentId}/${purpose}`;
  return createHash('sha256').update(key).digest().readUInt32BE(0) / 2 ** 32;
}

/**
 * A deployment's own peak popularity, 40–120 requests per minute per replica: fixed for the
 * deployment (from its id) so its numbers stay plausible from one sample to the next.
 */
export function peakPerReplicaMinute(deploymentId: string): number {
  return 40 + 80 * fraction(deploymentId);
}

/** Rounds up with the probability of the fraction, so many small windows add up right. */
export function randomRound(value: number): number {
  const whole = Math.floor(value);
  return whole + (Math.random() < value - whole ? 1 : 0);
}

/** Uniform noise around 1: `1 ± spread`. */
function jitter(spread: number): number {
  return 1 - spread + Math.random() * 2 * spread;
}

/** One workload's window, as the simulated cloud's ingress and metrics server see it. */
export interface QualityInputs {
  deploymentId: string;
  replicas: number;
  window: { from: Date; to: Date };
  requests: number;
  /** Requests per minute the whole workload gets at its busiest hour. */
  peakPerMinute: number;
  /** What each replica's containers ask for (their `resources.requests`), summed. */
  perReplica: { cpuMillicores: number; memoryBytes: number };
  /** A raised 5xx share set for the datacenter, and since when (ms since the epoch). */
  injected?: { rate: number; since: number };
}

export interface ServiceQuality {
  errors: number;
  latencyP95Ms: number;
  cpuMillicores: number;
  memoryBytes: number;
}

const mib = 2 ** 20;
/** A container that asks for nothing is counted as if it asked for this much. */
export const defaultContainerRequests = { cpuMillicores: 100, memoryBytes: 128 * mib };

/** The share of the window at or after `since`, 0–1. */
function shareAfter(window: { from: Date; to: Date }, since: number): number {
  const from = window.from.getTime();
  const to = window.to.getTime();
  if (to <= from) return since <= to ? 1 : 0;
  return Math.min(1, Math.max(0, (to - Math.max(from, since)) / (to - from)));
}

/** The 5xx share of a healthy workload: 0.2–1 % by its character, ±40 % window to window. */
export function baseErrorRate(deploymentId: string): number {
  return (0.002 + 0.008 * fraction(deploymentId, 'errors')) * jitter(0.4);
}

/**
 * What the workload served and used over its window: 5xx answers at its base rate (the injected
 * rate over the part of the window since it was set), a p95 of 40–120 ms rising with the load,
 * CPU and memory per replica as a share of what its containers ask for, rising with the load.
 */
export function simulatedQuality(inputs: QualityInputs): ServiceQuality {
  const span = inputs.window.to.getTime() - inputs.window.from.getTime();
  const minutes = Math.max(1e-6, span / minute);
  const replicas = Math.max(1, inputs.replicas);
  // This window's rate against the busiest the workload sees, 0–1.
  const load = Math.min(1, inputs.requests / minutes / Math.max(1, inputs.peakPerMinute));
  const base = baseErrorRate(inputs.deploymentId);
  const { injected } = inputs;
  const raised = injected ? shareAfter(inputs.window, injected.since) : 0;
  const rate = base * (1 - raised) + Math.max(base, injected?.rate ?? 0) * raised;
  const floor = 40 + 10 * fraction(inputs.deploymentId, 'latency');
  const latency = (floor + (110 - floor) * load ** 2) * jitter(0.08);
  const cpu = replicas * inputs.perReplica.cpuMillicores * (0.1 + 0.6 * load) * jitter(0.1);
  const memory = replicas * inputs.perReplica.memoryBytes * (0.45 + 0.3 * load) * jitter(0.04);
  return {
    errors: Math.min(inputs.requests, randomRound(inputs.requests * Math.min(1, rate))),
    latencyP95Ms: Math.round(Math.min(120, Math.max(40, latency)) * 10) / 10,
    cpuMillicores: Math.round(cpu * 10) / 10,
    memoryBytes: Math.round(memory),
  };
}

/** What one replica of the workload's Deployments asks for, summed over their containers. */
export function requestsPerReplica(
  deployments: readonly KubeObject[],
): QualityInputs['perReplica'] {
  let cpuMillicores = 0;
  let memoryBytes = 0;
  for (const container of deployments.flatMap(containersOf)) {
    const resources = isRecord(container.resources) ? container.resources : {};
    const requests = isRecord(resources.requests) ? resources.requests : {};
    // A quantity may be written as a number (`cpu: 0.5`) as well as text.
    const cpu = quantityValue(String(requests.cpu ?? ''));
    const memory = quantityValue(String(requests.memory ?? ''));
    cpuMillicores += cpu > 0 ? cpu * 1000 : defaultContainerRequests.cpuMillicores;
    memoryBytes += memory > 0 ? memory : defaultContainerRequests.memoryBytes;
  }
  return cpuMillicores > 0 ? { cpuMillicores, memoryBytes } : { ...defaultContainerRequests };
}

const deploymentResource = resourceByKind('apps/v1', 'Deployment')!;

/**
 * The cluster's Deployments by the Meridian deployment they belong to: read once per round, as
 * a round asks for every deployment of the cluster (thousands would be thousands of scans).
 */
export function deploymentsByOwner(
  cluster: Pick<SimulatedCluster, 'list'>,
): ReadonlyMap<string, readonly KubeObject[]> {
  const owned = new Map<string, KubeObject[]>();
  for (const object of cluster.list(deploymentResource)) {
    const owner = object.metadata.annotations?.[deploymentAnnotation];
    if (owner === undefined) continue;
    owned.set(owner, [...(owned.get(owner) ?? []), object]);
  }
  return owned;
}

/** The pods the workload's Deployments run now (what an autoscaler set), if it has any there. */
export function runningReplicas(owned: readonly KubeObject[]): number | undefined {
  if (owned.length === 0) return undefined;
  return owned.reduce((sum, deployment) => {
    const status = isRecord(deployment.status) ? deployment.status : {};
    return sum + (typeof status.replicas === 'number' ? status.replicas : 0);
  }, 0);
}

/** The simulator's service quality, with the 5xx shares injected per datacenter. */
export class SimulatedServiceQuality {
  private readonly injected = new Map<string, { rate: number; since: number }>();

  /** `rates`: MERIDIAN_SIM_ERROR_RATES, in force from the start. */
  constructor(rates: Readonly<Record<string, number>> = {}) {
    for (const [datacenterUuid, rate] of Object.entries(rates)) {
      this.injectErrorRate(datacenterUuid, rate);
    }
  }

  /** Raises the datacenter's 5xx share to `rate` (0–1) from now on; null ends it. */
  injectErrorRate(datacenterUuid: string, rate: number | null): void {
    if (rate === null) this.injected.delete(datacenterUuid);
    else {
      this.injected.set(datacenterUuid, {
        rate: Math.min(1, Math.max(0, rate)),
        since: Date.now(),
      });
    }
  }

  /** The quality of one workload of the cluster, its requests read from its Deployments there. */
  of(
    owned: readonly KubeObject[],
    datacenterUuid: string,
    target: Omit<QualityInputs, 'perReplica' | 'injected'>,
  ): ServiceQuality {
    const injected = this.injected.get(datacenterUuid);
    return simulatedQuality({
      ...target,
      perReplica: requestsPerReplica(owned),
      ...(injected ? { injected } : {}),
    });
  }
}
