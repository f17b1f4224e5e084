import type { StackOutput, StackParameter } from '@meridian/domain/apps/stack-output';
import type { FlavorKey } from '@meridian/domain/flavors';
import type { Status } from '@meridian/domain/status';

/** What a driver needs to know about the member cluster it works on. */
export interface ClusterSpec {
  clusterId: string;
  name: string;
  /** Coordinates (degrees) when known: where in the world, hence what local time, it is. */
  datacenter: { uuid: string; location: string; latitude?: number; longitude?: number };
  clusterSize: FlavorKey | null;
  masterCount: number;
  minionCount: number;
  /** The cluster's kubeconfig YAML, opened, for drivers that talk to its API (external clusters). */
  kubeconfig?: string;
}

/** What a driver reports once a cluster exists. */
export interface ProvisionedCluster {
  masterAddresses: string[];
  nodeAddresses: string[];
  kubeVersion: string;
  monitoringPath: string;
  /** Kubeconfig YAML; the caller seals it before storing. */
  kubeconfig: string;
}

/** The state of a cluster as its infrastructure sees it. */
export interface ObservedStatus {
  status: Status;
  reason?: string;
}

/** A manifest (one Kubernetes object) sent to a cluster. */
export type WorkloadManifest = Record<string, unknown>;

/** An app's Kubernetes objects on one cluster, known by the deployment that owns them. */
export interface WorkloadSpec {
  deploymentId: string;
  /** The app's namespace: where objects that name none go. */
  namespace: string;
  manifests: WorkloadManifest[];
}

/** What a cluster reports once a workload has rolled out. */
export interface RolledOutWorkload {
  /** The LoadBalancer Service's external address, if the workload has one. */
  endpoint: string | null;
  readyReplicas: number;
}

/** A workload's rollout as the cluster shows it: never a state the driver did not observe. */
export type WorkloadObservation =
  | ({ state: 'available' } & RolledOutWorkload)
  | { state: 'progressing'; message: string }
  | { state: 'failed'; reason: string };

/** An OpenStack Heat stack in a datacenter, known by the deployment that owns it. */
export interface StackSpec {
  deploymentId: string;
  name: string;
  template: string;
  /** Only parameters the template declares (Heat refuses others), as text. */
  parameters: Record<string, string>;
}

export interface CreatedStack {
  /** The stack's public address (its floating IP output), if it has one. */
  endpoint: string | null;
  /** Every output the template declares, with the value Heat resolved. */
  outputs: StackOutput[];
  /** The parameters the stack was created with, as Heat's stack show lists them (hidden masked). */
  shownParameters: StackParameter[];
}

/** What a datacenter's Heat offers for the spec's parameters Meridian sets from its catalogue. */
export interface HeatCatalogue {
  /** The datacenter's external network (Heat's external_network_id). */
  externalNetworkId: string;
  /** The image a stack boots when its template names none (Heat's image_name). */
  defaultImage: string;
}

/** A workload whose traffic is asked for, with the replicas serving it. */
export interface TrafficTarget {
  deploymentId: string;
  replicas: number;
  /** The span to report, ending now; each deployment has its own (since its last sample). */
  window: { from: Date; to: Date };
}

/** Where some of a workload's requests came from (a real driver: its ingress logs, geolocated). */
export interface TrafficOrigin {
  name: string;
  latitude: number;
  longitude: number;
  requests: number;
}

/** Requests served and distinct users seen by one workload during its window. */
export interface ObservedTraffic {
  deploymentId: string;
  requests: number;
  users: number;
  /** Where the requests came from, when the driver knows: AUTOMATIC placement's observed demand. */
  origins?: TrafficOrigin[];
  /**
   * How it served and what it used over the same window, when the driver knows (the deployment
   * metrics; absent: none counted): 5xx answers among `requests`, the 95th percentile of response
   * times, and the mean CPU (millicores) and memory (bytes) of all its pods together.
   */
  errors?: number;
  latencyP95Ms?: number;
  cpuMillicores?: number;
  memoryBytes?: number;
  /** The pods its Deployments run at the window's end (what an autoscaler set), when known. */
  replicas?: number;
}

/** One line a workload's container wrote: when (RFC 3339), which pod and container, what. */
export interface LogLine {
  at: string;
  pod: string;
  container: string;
  text: string;
}

/** Which log lines are asked for: the last `tail` of each container, or those since a time. */
export interface LogQuery {
  tail: number;
  sinceTime?: string;
}

/** A node as the cluster's API lists it. */
export interface NodeSnapshot {
  name: string;
  /** The Ready condition in kubectl's words: Ready, NotReady or Unknown. */
  status: string;
  kubeletVersion: string;
  cpuCores: number;
  memoryBytes: number;
}

/** A pod as the cluster's API lists it, in the words of `kubectl get pods`. */
export interface PodSnapshot {
  namespace: string;
  name: string;
  readyContainers: number;
  containers: number;
  /** The phase, or why a container waits or ended (ErrImagePull, CrashLoopBackOff…). */
  status: string;
  restarts: number;
  node: string | null;
  createdAt: Date | null;
}

/** A cluster's nodes and the pods of every namespace, read from its API now. */
export interface ClusterSnapshot {
  nodes: NodeSnapshot[];
  pods: PodSnapshot[];
}

/** What the whole cluster used at one instant. */
export interface UsageSample {
  at: Date;
  cpuCores: number;
  memoryBytes: number;
}

/** The span of usage history asked for, sampled every `stepMs`. */
export interface UsageWindow {
  from: Date;
  to: Date;
  stepMs: number;
}

/** A cluster API that could not be read, said in one sentence a user can act on. */
export class ClusterUnreachableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ClusterUnreachableError';
  }
}

export type DriverOperation = 'create' | 'update' | 'delete';
export type WorkloadOperation = 'rollout' | 'remove' | 'create-stack' | 'delete-stack';

/**
 * A failure the driver knows will not go away by retrying (e.g. a datacenter that refuses the
 * request); other errors are retried by the job with back-off.
 */
export class PermanentDriverError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentDriverError';
  }
}

/**
 * The interface every infrastructure driver implements (architecture "Embedded default"), chosen per
 * datacenter by its `driver` column. Long operations do not block: the job asks
 * `plannedDurationMs` once, records the deadline, re-schedules itself until then, and only then
 * calls the operation, so a restart resumes instead of starting over.
 */
export interface InfrastructureDriver {
  readonly kind: string;
  plannedDurationMs(operation: DriverOperation | WorkloadOperation, spec: ClusterSpec): number;
  /** Shortest and longest `plannedDurationMs` of an operation; absent: the spec's real durations. */
  expectedDurationMs?(operation: DriverOperation): readonly [number, number];
  createCluster(spec: ClusterSpec): Promise<ProvisionedCluster>;
  updateCluster(spec: ClusterSpec, current: ProvisionedCluster): Promise<ProvisionedCluster>;
  deleteCluster(spec: ClusterSpec): Promise<void>;
  /** The kubeconfig YAML to hand a user, from what `createCluster` answered and was stored. */
  kubeconfig(spec: ClusterSpec, stored: string | null): Promise<string>;
  /**
   * New credentials for a cluster the driver issued them for, ending the ones handed out before;
   * answers the new kubeconfig, or null when the cluster has none (deleted). Absent: the driver
   * does not issue credentials (an external cluster's are its owner's).
   */
  rotateCredentials?(spec: ClusterSpec): Promise<string | null>;
  /** Creates or updates the workload's objects (idempotent: a re-run applies the same state). */
  applyWorkload(spec: ClusterSpec, workload: WorkloadSpec): Promise<void>;
  /**
   * Where the workload's rollout stands; while it progresses, waits up to `waitMs` for the
   * cluster to tell of a change (a watch) before answering.
   */
  observeWorkload(
    spec: ClusterSpec,
    workload: WorkloadSpec,
    options: { waitMs: number },
  ): Promise<WorkloadObservation>;
  /** Removes the workload's objects; removing what is already gone succeeds. */
  removeWorkload(spec: ClusterSpec, workload: WorkloadSpec): Promise<void>;
  /** The datacenter's Heat catalogue; absent where there is no Heat (createStack refuses). */
  heatCatalogue?(spec: ClusterSpec): HeatCatalogue;
  createStack(spec: ClusterSpec, stack: StackSpec): Promise<CreatedStack>;
  deleteStack(spec: ClusterSpec, stack: StackSpec): Promise<void>;
  observeStatus(spec: ClusterSpec): Promise<ObservedStatus>;
  /**
   * The traffic the cluster's workloads served, for drivers whose infrastructure reports it
   * (absent: no traffic is recorded for their deployments). A workload left out of the answer
   * served nothing it can see.
   */
  observeTraffic?(spec: ClusterSpec, targets: readonly TrafficTarget[]): Promise<ObservedTraffic[]>;
  /** The cluster's nodes and pods from its own API (the monitoring page); throws when unreachable. */
  observeCluster?(spec: ClusterSpec): Promise<ClusterSnapshot>;
  /** The workload's pods' last lines, merged oldest first (at most `tail` in all). */
  readLogs?(spec: ClusterSpec, workload: WorkloadSpec, query: LogQuery): Promise<LogLine[]>;
  /**
   * The workload's pods' new lines as they are written, in batches, until `signal` aborts (then
   * resolves); rejects when the cluster cannot be followed at all.
   */
  followLogs?(
    spec: ClusterSpec,
    workload: WorkloadSpec,
    query: LogQuery,
    onLines: (lines: LogLine[]) => void,
    signal: AbortSignal,
  ): Promise<void>;
  /**
   * CPU and memory the whole cluster used over the window, for drivers whose infrastructure
   * keeps that history (absent: the cluster reports none).
   */
  observeUsage?(spec: ClusterSpec, window: UsageWindow): Promise<UsageSample[]>;
  /** Stops what the driver serves or holds open (the simulator's cluster APIs). */
  close?(): Promise<void>;
}

/** The drivers by the name a datacenter row carries. */
export type DriverRegistry = ReadonlyMap<string, InfrastructureDriver>;
