import type { FlavorKey } from '@meridian/domain/flavors';
import type { Status } from '@meridian/domain/status';

/** What a driver needs to know about the member cluster it works on. */
export interface ClusterSpec {
  clusterId: string;
  name: string;
  datacenter: { uuid: string; location: string };
  clusterSize: FlavorKey | null;
  masterCount: number;
  minionCount: number;
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

export type DriverOperation = 'create' | 'update' | 'delete';

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
 * The interface every infrastructure driver implements (architecture §2), chosen per
 * datacenter by its `driver` column. Long operations do not block: the job asks
 * `plannedDurationMs` once, records the deadline, re-schedules itself until then, and only then
 * calls the operation, so a restart resumes instead of starting over.
 */
export interface InfrastructureDriver {
  readonly kind: string;
  plannedDurationMs(operation: DriverOperation, spec: ClusterSpec): number;
  createCluster(spec: ClusterSpec): Promise<ProvisionedCluster>;
  updateCluster(spec: ClusterSpec, current: ProvisionedCluster): Promise<ProvisionedCluster>;
  deleteCluster(spec: ClusterSpec): Promise<void>;
  /** The kubeconfig YAML to hand a user, from what `createCluster` answered and was stored. */
  kubeconfig(spec: ClusterSpec, stored: string | null): Promise<string>;
  applyWorkload(spec: ClusterSpec, manifest: WorkloadManifest): Promise<void>;
  removeWorkload(spec: ClusterSpec, manifest: WorkloadManifest): Promise<void>;
  observeStatus(spec: ClusterSpec): Promise<ObservedStatus>;
}

/** The drivers by the name a datacenter row carries. */
export type DriverRegistry = ReadonlyMap<string, InfrastructureDriver>;
