import { createHash, randomBytes, randomInt } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import { monitoringPathOf } from '@meridian/domain/clusters/smart-cluster';
import {
  PermanentDriverError,
  type ClusterSnapshot,
  type ClusterSpec,
  type CreatedStack,
  type DriverOperation,
  type InfrastructureDriver,
  type LogLine,
  type LogQuery,
  type ObservedStatus,
  type ObservedTraffic,
  type ProvisionedCluster,
  type WorkloadObservation,
  type StackSpec,
  type TrafficOrigin,
  type TrafficTarget,
  type UsageSample,
  type UsageWindow,
  type WorkloadOperation,
  type WorkloadSpec,
} from '../infrastructure-driver';
import { KubernetesDriver } from '../kubernetes/kubernetes-driver';
import { resourceByKind } from './kube-api/kube-resources';
import { isRecord } from './kube-api/kube-store';
import type { KubePersistence } from './kube-api/kube-persistence';
import { SimulatedKubeApi } from './kube-api/simulated-kube-api';
import type { ClusterBehaviour } from './kube-api/simulated-cluster';
import { scaledDurationMs, scaledRangeMs } from './simulated-durations';
import { simulatedHeatCatalogue, simulateStack } from './simulated-stack';
import { simulatedUsage } from './simulated-usage';
import {
  SimulatedServiceQuality,
  peakPerReplicaMinute,
  randomRound,
  deploymentsByOwner,
  runningReplicas,
  trafficStepMs,
} from './simulated-service-quality';

export interface SimulatorOptions {
  /** `MERIDIAN_SIM_TIME_SCALE`: 1 = real durations, 0 = immediate. */
  timeScale: number;
  /** `MERIDIAN_SIM_FAIL_DATACENTERS`: provisioning in these datacenters fails. */
  failDatacenters: readonly string[];
  /** `MERIDIAN_SIM_TRAFFIC_SHIFT`: a share of every app's users moved to one place. */
  trafficShift?: TrafficShift;
  /** `MERIDIAN_SIM_ERROR_RATES`: the 5xx share (0–1) of every workload in these datacenters. */
  errorRates?: Readonly<Record<string, number>>;
  /**
   * `MERIDIAN_SIM_FAIL_ROLLOUTS`: rollouts in these datacenters never become available; an entry
   * `<datacenter>@<image>` fails only rollouts of that image there (one location's bad version).
   */
  failRolloutDatacenters?: readonly string[];
  /**
   * The member clusters' Kubernetes API on loopback (`MERIDIAN_SIM_KUBE_PORT`, 0: any free
   * port); `secret` derives its CA and tokens (unset: new ones for this process).
   */
  kubeApi?: { secret?: Buffer; port?: number; persistence?: KubePersistence };
  /** How often each simulated pod writes a log line (3 s unless told; the logs bench asks for more). */
  logIntervalMs?: number;
}

/**
 * Where the simulated internet's users are: by default next to the datacenter serving them (the
 * user picked it for them); a shift moves `share` of every app's requests to one place, so
 * AUTOMATIC smart clusters have a reason to move.
 */
export interface TrafficShift {
  name: string;
  latitude: number;
  longitude: number;
  /** 0 to 1. */
  share: number;
}

const minute = 60_000;
const second = 1000;
/** Deployments whose traffic is simulated between two turns of the event loop. */
const targetsPerTurn = 100;

// Documentation address ranges (RFC 5737): masters from the first, nodes from the others.
const masterPrefix = '192.0.2.';
const nodePrefixes = ['198.51.100.', '203.0.113.'];
const kubePatchVersions = [4, 5, 6, 7];
// A real cluster's progressDeadlineSeconds default: how long a stuck rollout is given.
const progressDeadlineMs = 600 * second;

/** The cluster's Kubernetes version, fixed by its id (the API and the console agree). */
function kubeVersionOf(clusterId: string): string {
  const patch = createHash('sha256').update(clusterId).digest()[0]! % kubePatchVersions.length;
  return `v1.31.${kubePatchVersions[patch]}`;
}

function addresses(prefixes: readonly string[], count: number): string[] {
  const taken = new Set<string>();
  while (taken.size < count && taken.size < prefixes.length * 254) {
    const prefix = prefixes[randomInt(prefixes.length)]!;
    taken.add(`${prefix}${randomInt(1, 255)}`);
  }
  return [...taken];
}

/** The datacenter's local hour (0–24) at `at`: solar time, 15° of longitude to the hour. */
export function localHour(at: Date, longitude: number): number {
  const utcHours = at.getUTCHours() + at.getUTCMinutes() / 60 + at.getUTCSeconds() / 3600;
  return (((utcHours + longitude / 15) % 24) + 24) % 24;
}

/**
 * How busy an app is at a local hour, 0.2–1 of its peak: quietest at 04:00, busiest at 16:00,
 * as the people using it sleep and work around the datacenter.
 */
export function dailyRhythm(hour: number): number {
  return 0.2 + 0.8 * ((1 - Math.cos((2 * Math.PI * (hour - 4)) / 24)) / 2);
}

/**
 * The embedded default driver (architecture "Embedded default"): a local cloud emulator that "provisions" one
 * Kubernetes cluster per datacenter on a scaled clock, with real certificates.
 */
export class SimulatorDriver implements InfrastructureDriver {
  readonly kind = 'simulator';
  /** Every member cluster's Kubernetes API: workloads go through it like on a real cloud. */
  private readonly kubeApi: SimulatedKubeApi;
  private kubernetesDriver: Promise<KubernetesDriver> | undefined;
  private readonly stacks = new Map<string, Map<string, StackSpec & CreatedStack>>();

  private trafficShift: TrafficShift | null;
  private readonly quality: SimulatedServiceQuality;

  constructor(private readonly options: SimulatorOptions) {
    this.trafficShift = options.trafficShift ?? null;
    this.quality = new SimulatedServiceQuality(options.errorRates);
    this.kubeApi = new SimulatedKubeApi({
      secret: options.kubeApi?.secret ?? randomBytes(32),
      port: options.kubeApi?.port ?? 0,
      ...(options.kubeApi?.persistence ? { persistence: options.kubeApi.persistence } : {}),
      behaviourOf: (clusterId) => this.behaviourOf({ clusterId, minionCount: 3 }),
    });
  }

  /** How a member cluster's rollouts go: on the scaled clock, stuck where faults are injected. */
  private behaviourOf(
    spec: Pick<ClusterSpec, 'clusterId' | 'minionCount'> &
      Partial<Pick<ClusterSpec, 'clusterSize' | 'datacenter'>>,
  ): ClusterBehaviour {
    const failing = this.options.failRolloutDatacenters ?? [];
    return {
      now: () => Date.now(),
      rolloutMs: () => this.scaledDuration('rollout'),
      progressDeadlineMs: progressDeadlineMs * Math.max(0, this.options.timeScale),
      failRollouts: failingRollouts(failing, spec.datacenter?.uuid),
      nodeCount: spec.minionCount,
      nodeFlavor: spec.clusterSize ?? null,
      kubeVersion: kubeVersionOf(spec.clusterId),
      // The simulated HPA's CPU load follows the datacenter's local day.
      rhythmAt: (at) => dailyRhythm(localHour(at, spec.datacenter?.longitude ?? 0)),
      ...(this.options.logIntervalMs ? { logIntervalMs: this.options.logIntervalMs } : {}),
    };
  }

  /** The Kubernetes driver, pointed at the simulator's own API (trusted: it is this process). */
  private kubernetes(): Promise<KubernetesDriver> {
    this.kubernetesDriver ??= this.kubeApi
      .start()
      .then(
        ({ origin }) =>
          new KubernetesDriver({ endpoints: { allowPrivate: false, trustedOrigins: [origin] } }),
      );
    return this.kubernetesDriver;
  }

  /** The spec with the member cluster's own kubeconfig, its behaviour brought up to date. */
  private async onKubeApi(spec: ClusterSpec): Promise<ClusterSpec> {
    const kubeconfig = await this.kubeApi.kubeconfig(spec.clusterId, spec.name);
    (await this.kubeApi.open(spec.clusterId)).behaviour = this.behaviourOf(spec);
    return { ...spec, kubeconfig };
  }

  /** Moves a share of every app's users to one place from now on (null: back home). */
  shiftTraffic(shift: TrafficShift | null): void {
    this.trafficShift = shift;
  }

  /** Raises the 5xx share (0–1) of every workload in the datacenter from now on (null: back). */
  injectErrorRate(datacenterUuid: string, rate: number | null): void {
    this.quality.injectErrorRate(datacenterUuid, rate);
  }

  /** Rollouts and removals take their time on the member cluster's API, not here. */
  plannedDurationMs(operation: DriverOperation | WorkloadOperation): number {
    if (operation === 'rollout' || operation === 'remove') return 0;
    return this.scaledDuration(operation);
  }

  expectedDurationMs(operation: DriverOperation): readonly [number, number] {
    return scaledRangeMs(operation, this.options.timeScale);
  }

  private scaledDuration(operation: DriverOperation | WorkloadOperation): number {
    return scaledDurationMs(operation, this.options.timeScale);
  }

  private checkFault(spec: ClusterSpec): void {
    if (this.options.failDatacenters.includes(spec.datacenter.uuid)) {
      throw new PermanentDriverError(
        `Provisioning in ${spec.datacenter.location} failed: the datacenter refused the request ` +
          '(simulated fault, MERIDIAN_SIM_FAIL_DATACENTERS).',
      );
    }
  }

  async createCluster(spec: ClusterSpec): Promise<ProvisionedCluster> {
    this.checkFault(spec);
    const masterAddresses = addresses([masterPrefix], spec.masterCount);
    const nodeAddresses = addresses(nodePrefixes, spec.minionCount);
    await this.kubeApi.issueCredentials(spec.clusterId);
    const { kubeconfig } = await this.onKubeApi(spec);
    return {
      masterAddresses,
      nodeAddresses,
      kubeVersion: kubeVersionOf(spec.clusterId),
      // The simulated cloud's monitoring is Meridian's own page (modules/monitoring).
      monitoringPath: monitoringPathOf(spec.clusterId),
      kubeconfig: kubeconfig!,
    };
  }

  async updateCluster(spec: ClusterSpec, current: ProvisionedCluster): Promise<ProvisionedCluster> {
    this.checkFault(spec);
    const masterAddresses = [
      ...current.masterAddresses.slice(0, spec.masterCount),
      ...addresses([masterPrefix], Math.max(0, spec.masterCount - current.masterAddresses.length)),
    ];
    const nodeAddresses = [
      ...current.nodeAddresses.slice(0, spec.minionCount),
      ...addresses(nodePrefixes, Math.max(0, spec.minionCount - current.nodeAddresses.length)),
    ];
    // A cluster made before Meridian served its monitoring gets the page's path on update.
    return {
      ...current,
      masterAddresses,
      nodeAddresses,
      monitoringPath: monitoringPathOf(spec.clusterId),
    };
  }

  async deleteCluster(spec: ClusterSpec): Promise<void> {
    await this.kubeApi.forget(spec.clusterId);
    this.stacks.delete(spec.clusterId);
  }

  /** Always the current one: the API's port and token may have changed since it was stored. */
  async kubeconfig(spec: ClusterSpec): Promise<string> {
    return this.kubeApi.kubeconfig(spec.clusterId, spec.name);
  }

  async rotateCredentials(spec: ClusterSpec): Promise<string | null> {
    return (await this.kubeApi.rotateCredentials(spec.clusterId)) ? this.kubeconfig(spec) : null;
  }

  async applyWorkload(spec: ClusterSpec, workload: WorkloadSpec): Promise<void> {
    this.checkFault(spec);
    return (await this.kubernetes()).applyWorkload(await this.onKubeApi(spec), workload);
  }

  async observeWorkload(
    spec: ClusterSpec,
    workload: WorkloadSpec,
    options: { waitMs: number },
  ): Promise<WorkloadObservation> {
    return (await this.kubernetes()).observeWorkload(await this.onKubeApi(spec), workload, options);
  }

  async removeWorkload(spec: ClusterSpec, workload: WorkloadSpec): Promise<void> {
    return (await this.kubernetes()).removeWorkload(await this.onKubeApi(spec), workload);
  }

  async readLogs(spec: ClusterSpec, workload: WorkloadSpec, query: LogQuery): Promise<LogLine[]> {
    return (await this.kubernetes()).readLogs(await this.onKubeApi(spec), workload, query);
  }

  async followLogs(
    spec: ClusterSpec,
    workload: WorkloadSpec,
    query: LogQuery,
    onLines: (lines: LogLine[]) => void,
    signal: AbortSignal,
  ): Promise<void> {
    const kubernetes = await this.kubernetes();
    return kubernetes.followLogs(await this.onKubeApi(spec), workload, query, onLines, signal);
  }

  async observeCluster(spec: ClusterSpec): Promise<ClusterSnapshot> {
    return (await this.kubernetes()).observeCluster(await this.onKubeApi(spec));
  }

  /** The cloud's monitoring of a member: what its nodes and running pods use, on the daily rhythm. */
  async observeUsage(spec: ClusterSpec, window: UsageWindow): Promise<UsageSample[]> {
    const cluster = this.kubeApi.cluster(spec.clusterId);
    cluster.behaviour = this.behaviourOf(spec);
    const pods = cluster.list(resourceByKind('v1', 'Pod')!).map((pod) => ({
      startedAt: Date.parse(pod.metadata.creationTimestamp),
      running: isRecord(pod.status) && pod.status.phase === 'Running',
    }));
    const longitude = spec.datacenter.longitude ?? 0;
    return simulatedUsage(
      {
        clusterId: spec.clusterId,
        nodeCount: Math.max(1, cluster.behaviour.nodeCount),
        pods,
        rhythmAt: (at) => dailyRhythm(localHour(at, longitude)),
      },
      window,
    );
  }

  async close(): Promise<void> {
    await this.kubeApi.close();
  }

  heatCatalogue = simulatedHeatCatalogue;

  /** Answers as Heat would: parameters checked, addresses given, the template's outputs resolved. */
  async createStack(spec: ClusterSpec, stack: StackSpec): Promise<CreatedStack> {
    this.checkFault(spec);
    const created = simulateStack(stack);
    const inDatacenter = this.stacks.get(spec.clusterId) ?? new Map();
    this.stacks.set(spec.clusterId, inDatacenter.set(stack.deploymentId, { ...stack, ...created }));
    return created;
  }

  async deleteStack(spec: ClusterSpec, stack: StackSpec): Promise<void> {
    this.stacks.get(spec.clusterId)?.delete(stack.deploymentId);
  }

  stacksOn(clusterId: string): (StackSpec & CreatedStack)[] {
    return [...(this.stacks.get(clusterId)?.values() ?? [])];
  }

  /**
   * Traffic a deployed app would see: its peak rate × replicas, shaped by the daily rhythm at
   * the datacenter's local time, with ±15 % noise; a user makes 4–10 requests; its 5xx answers,
   * p95 latency, CPU and memory from simulated-service-quality.ts, the pods its Deployments run. The simulated internet
   * answers for any workload it is asked about, so a restart loses nothing.
   */
  async observeTraffic(
    spec: ClusterSpec,
    targets: readonly TrafficTarget[],
  ): Promise<ObservedTraffic[]> {
    const owned = deploymentsByOwner(await this.kubeApi.open(spec.clusterId));
    const observed: ObservedTraffic[] = [];
    for (const [index, target] of targets.entries()) {
      // The simulator runs on the server's thread: requests are served between slices.
      if (index > 0 && index % targetsPerTurn === 0) await setImmediate();
      observed.push(this.trafficOf(spec, owned, target));
    }
    return observed;
  }

  private trafficOf(
    spec: ClusterSpec,
    owned: ReturnType<typeof deploymentsByOwner>,
    { deploymentId, replicas, window }: TrafficTarget,
  ): ObservedTraffic {
    const longitude = spec.datacenter.longitude ?? 0;
    const peak = peakPerReplicaMinute(deploymentId) * Math.max(0, replicas);
    let expected = 0;
    for (let start = window.from.getTime(); start < window.to.getTime(); start += trafficStepMs) {
      const end = Math.min(start + trafficStepMs, window.to.getTime());
      const middle = new Date((start + end) / 2);
      expected += peak * dailyRhythm(localHour(middle, longitude)) * ((end - start) / minute);
    }
    const requests = randomRound(expected * (0.85 + Math.random() * 0.3));
    const users = Math.min(requests, randomRound(requests / (4 + Math.random() * 6)));
    const target = { deploymentId, replicas, window, requests, peakPerMinute: peak };
    const mine = owned.get(deploymentId) ?? [];
    const quality = this.quality.of(mine, spec.datacenter.uuid, target);
    const running = runningReplicas(mine);
    return {
      deploymentId,
      requests,
      users,
      origins: this.originsOf(spec, requests),
      ...quality,
      ...(running === undefined ? {} : { replicas: running }),
    };
  }

  /** Where `requests` served in the spec's datacenter came from: home, less the shifted share. */
  private originsOf(spec: ClusterSpec, requests: number): TrafficOrigin[] {
    const { location, latitude, longitude } = spec.datacenter;
    if (latitude === undefined || longitude === undefined) return [];
    const shift = this.trafficShift;
    const moved = shift ? Math.round(requests * Math.min(1, Math.max(0, shift.share))) : 0;
    const home = { name: location, latitude, longitude, requests: requests - moved };
    if (!shift || moved === 0) return [home];
    const away = { ...shift, requests: moved };
    return home.requests > 0 ? [home, away] : [away];
  }

  async observeStatus(spec: ClusterSpec): Promise<ObservedStatus> {
    if (this.options.failDatacenters.includes(spec.datacenter.uuid)) {
      return { status: 'failure', reason: 'simulated fault' };
    }
    return { status: 'success' };
  }
}

/** The rollout fault of one datacenter: all its rollouts, those of some images, or none. */
function failingRollouts(entries: readonly string[], datacenterUuid: string | undefined) {
  if (datacenterUuid === undefined) return false;
  if (entries.includes(datacenterUuid)) return true;
  const prefix = `${datacenterUuid}@`;
  const images = entries.filter((entry) => entry.startsWith(prefix));
  return images.length > 0 ? images.map((entry) => entry.slice(prefix.length)) : false;
}
