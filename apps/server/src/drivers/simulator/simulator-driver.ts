import { randomInt } from 'node:crypto';
import {
  PermanentDriverError,
  type ClusterSpec,
  type DriverOperation,
  type InfrastructureDriver,
  type ObservedStatus,
  type ProvisionedCluster,
  type WorkloadManifest,
} from '../infrastructure-driver';
import { issueKubeconfig } from './kubeconfig';

export interface SimulatorOptions {
  /** `MERIDIAN_SIM_TIME_SCALE`: 1 = real durations, 0 = immediate. */
  timeScale: number;
  /** `MERIDIAN_SIM_FAIL_DATACENTERS`: provisioning in these datacenters fails. */
  failDatacenters: readonly string[];
}

const minute = 60_000;
const durations: Record<DriverOperation, [number, number]> = {
  create: [20 * minute, 60 * minute],
  update: [5 * minute, 60 * minute],
  delete: [1 * minute, 5 * minute],
};

// Documentation address ranges (RFC 5737): masters from the first, nodes from the others.
const masterPrefix = '192.0.2.';
const nodePrefixes = ['198.51.100.', '203.0.113.'];
const kubePatchVersions = [4, 5, 6, 7];

function addresses(prefixes: readonly string[], count: number): string[] {
  const taken = new Set<string>();
  while (taken.size < count && taken.size < prefixes.length * 254) {
    const prefix = prefixes[randomInt(prefixes.length)]!;
    taken.add(`${prefix}${randomInt(1, 255)}`);
  }
  return [...taken];
}

/**
 * The embedded default driver (architecture §2): a local cloud emulator that "provisions" one
 * Kubernetes cluster per datacenter on a scaled clock, with real certificates.
 */
export class SimulatorDriver implements InfrastructureDriver {
  readonly kind = 'simulator';
  private readonly workloads = new Map<string, WorkloadManifest[]>();

  constructor(private readonly options: SimulatorOptions) {}

  plannedDurationMs(operation: DriverOperation): number {
    if (this.options.timeScale <= 0) return 0;
    const [min, max] = durations[operation];
    return Math.round((min + Math.random() * (max - min)) * this.options.timeScale);
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
    const { yaml } = await issueKubeconfig({
      clusterName: spec.name,
      server: `https://${masterAddresses[0]}:6443`,
    });
    return {
      masterAddresses,
      nodeAddresses,
      kubeVersion: `v1.31.${kubePatchVersions[randomInt(kubePatchVersions.length)]}`,
      monitoringPath: `https://monitoring.${spec.datacenter.uuid}.meridian.example/d/k8s-nodes/nodes`,
      kubeconfig: yaml,
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
    return { ...current, masterAddresses, nodeAddresses };
  }

  async deleteCluster(spec: ClusterSpec): Promise<void> {
    this.workloads.delete(spec.clusterId);
  }

  async kubeconfig(_spec: ClusterSpec, stored: string | null): Promise<string> {
    if (!stored) throw new Error('the cluster has no kubeconfig yet');
    return stored;
  }

  async applyWorkload(spec: ClusterSpec, manifest: WorkloadManifest): Promise<void> {
    const list = this.workloads.get(spec.clusterId) ?? [];
    list.push(manifest);
    this.workloads.set(spec.clusterId, list);
  }

  async removeWorkload(spec: ClusterSpec, manifest: WorkloadManifest): Promise<void> {
    const key = JSON.stringify(manifest);
    const list = this.workloads.get(spec.clusterId) ?? [];
    this.workloads.set(
      spec.clusterId,
      list.filter((item) => JSON.stringify(item) !== key),
    );
  }

  async observeStatus(spec: ClusterSpec): Promise<ObservedStatus> {
    if (this.options.failDatacenters.includes(spec.datacenter.uuid)) {
      return { status: 'failure', reason: 'simulated fault' };
    }
    return { status: 'success' };
  }
}
