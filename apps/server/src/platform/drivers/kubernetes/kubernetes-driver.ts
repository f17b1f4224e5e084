import type { KubernetesObjectApi } from '@kubernetes/client-node';
import { PatchStrategy, type KubernetesObject } from '@kubernetes/client-node';
import {
  PermanentDriverError,
  type ClusterSpec,
  type CreatedStack,
  type InfrastructureDriver,
  type ObservedStatus,
  type ProvisionedCluster,
  type RolledOutWorkload,
  type WorkloadManifest,
  type WorkloadSpec,
} from '../infrastructure-driver';
import {
  defaultKubernetesTimeouts,
  objectApiFor,
  openKubeconfig,
  type KubernetesTimeouts,
} from './kubernetes-client';

export interface KubernetesDriverOptions {
  /** How long a rollout waits for its pods and load-balancer address before answering. */
  readinessTimeoutMs?: number;
  pollIntervalMs?: number;
  /** Deadline of each call to the cluster's API. */
  timeouts?: KubernetesTimeouts;
}

const fieldManager = 'meridian';
const managedByLabel = 'app.kubernetes.io/managed-by';
const deploymentAnnotation = 'meridian.dev/deployment';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function statusCode(error: unknown): number | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'number' ? code : undefined;
}

/** The API server's answer in words a user can act on; 4xx other than 404/409/429 will not heal. */
function driverError(error: unknown, what: string): Error {
  const code = statusCode(error);
  const body = (error as { body?: unknown }).body;
  const detail =
    isRecord(body) && typeof body.message === 'string'
      ? body.message
      : error instanceof Error
        ? error.message
        : String(error);
  const message = `${what}: ${code ? `HTTP ${code}: ` : ''}${detail}`;
  if (code !== undefined && code >= 400 && code < 500 && ![404, 409, 429].includes(code)) {
    return new PermanentDriverError(message);
  }
  return new Error(message);
}

/** What the API needs to find an object again: its type, name and namespace. */
function header(manifest: WorkloadManifest) {
  const metadata = isRecord(manifest.metadata) ? manifest.metadata : {};
  return {
    apiVersion: String(manifest.apiVersion),
    kind: String(manifest.kind),
    metadata: {
      name: String(metadata.name),
      ...(typeof metadata.namespace === 'string' ? { namespace: metadata.namespace } : {}),
    },
  };
}

function describe(manifest: WorkloadManifest): string {
  const metadata = isRecord(manifest.metadata) ? manifest.metadata : {};
  return `${String(manifest.kind)} ${String(metadata.name)}`;
}

/**
 * Deploys onto a real Kubernetes cluster through its API, with the kubeconfig the user uploaded
 * (external clusters): server-side apply of every object, then a bounded wait for the
 * Deployments' ready replicas and the LoadBalancer Service's address. Clusters themselves are
 * the user's: this driver never creates or deletes one.
 */
export class KubernetesDriver implements InfrastructureDriver {
  readonly kind = 'kubernetes';
  private readonly readinessTimeoutMs: number;
  private readonly pollIntervalMs: number;
  private readonly timeouts: KubernetesTimeouts;

  constructor(options: KubernetesDriverOptions = {}) {
    this.readinessTimeoutMs = options.readinessTimeoutMs ?? 60_000;
    this.pollIntervalMs = options.pollIntervalMs ?? 2000;
    this.timeouts = options.timeouts ?? defaultKubernetesTimeouts;
  }

  plannedDurationMs(): number {
    return 0;
  }

  /** Re-checks the stored kubeconfig every time: one saved before a check existed runs nothing. */
  private client(spec: ClusterSpec): KubernetesObjectApi {
    return objectApiFor(openKubeconfig(spec.kubeconfig, spec.name), this.timeouts);
  }

  async createCluster(spec: ClusterSpec): Promise<ProvisionedCluster> {
    throw new PermanentDriverError(
      `${spec.name} is an external cluster: Meridian does not create it.`,
    );
  }

  async updateCluster(spec: ClusterSpec): Promise<ProvisionedCluster> {
    throw new PermanentDriverError(
      `${spec.name} is an external cluster: Meridian does not resize it.`,
    );
  }

  async deleteCluster(): Promise<void> {
    // The cluster is the user's; forgetting its kubeconfig is all Meridian does.
  }

  async kubeconfig(spec: ClusterSpec, stored: string | null): Promise<string> {
    if (!stored) throw new Error(`${spec.name} has no kubeconfig`);
    return stored;
  }

  async applyWorkload(spec: ClusterSpec, workload: WorkloadSpec): Promise<RolledOutWorkload> {
    const client = this.client(spec);
    for (const manifest of workload.manifests) {
      const metadata = isRecord(manifest.metadata) ? manifest.metadata : {};
      const labels = isRecord(metadata.labels) ? metadata.labels : {};
      const annotations = isRecord(metadata.annotations) ? metadata.annotations : {};
      const object = {
        ...manifest,
        metadata: {
          ...metadata,
          labels: { ...labels, [managedByLabel]: fieldManager },
          annotations: { ...annotations, [deploymentAnnotation]: workload.deploymentId },
        },
      } as KubernetesObject;
      try {
        await client.patch(
          object,
          undefined,
          undefined,
          fieldManager,
          true,
          PatchStrategy.ServerSideApply,
        );
      } catch (error) {
        throw driverError(error, `Applying ${describe(manifest)} on ${spec.name}`);
      }
    }
    return this.waitUntilReady(client, spec, workload);
  }

  private async waitUntilReady(
    client: KubernetesObjectApi,
    spec: ClusterSpec,
    workload: WorkloadSpec,
  ): Promise<RolledOutWorkload> {
    const deadline = Date.now() + this.readinessTimeoutMs;
    for (;;) {
      const observed = await this.observe(client, workload);
      if (observed.complete || Date.now() >= deadline) {
        return { endpoint: observed.endpoint, readyReplicas: observed.readyReplicas };
      }
      await new Promise((resolve) => setTimeout(resolve, this.pollIntervalMs));
    }
  }

  private async observe(
    client: KubernetesObjectApi,
    workload: WorkloadSpec,
  ): Promise<{ complete: boolean; endpoint: string | null; readyReplicas: number }> {
    let complete = true;
    let endpoint: string | null = null;
    let readyReplicas = 0;
    for (const manifest of workload.manifests) {
      const isDeployment = manifest.kind === 'Deployment';
      const isLoadBalancer =
        manifest.kind === 'Service' &&
        isRecord(manifest.spec) &&
        manifest.spec.type === 'LoadBalancer';
      if (!isDeployment && !isLoadBalancer) continue;
      let live: Record<string, unknown>;
      try {
        live = (await client.read(header(manifest))) as unknown as Record<string, unknown>;
      } catch (error) {
        throw driverError(error, `Reading ${describe(manifest)}`);
      }
      const status = isRecord(live.status) ? live.status : {};
      if (isDeployment) {
        const wanted =
          isRecord(live.spec) && typeof live.spec.replicas === 'number' ? live.spec.replicas : 1;
        const ready = typeof status.readyReplicas === 'number' ? status.readyReplicas : 0;
        readyReplicas += ready;
        if (ready < wanted) complete = false;
      } else {
        const balancer = isRecord(status.loadBalancer) ? status.loadBalancer : {};
        const ingress = Array.isArray(balancer.ingress) ? balancer.ingress[0] : undefined;
        const address = isRecord(ingress) ? (ingress.ip ?? ingress.hostname) : undefined;
        if (typeof address === 'string') endpoint ??= address;
        else complete = false;
      }
    }
    return { complete, endpoint, readyReplicas };
  }

  async removeWorkload(spec: ClusterSpec, workload: WorkloadSpec): Promise<void> {
    const client = this.client(spec);
    // Namespaced objects first, the namespace last (deleting it would take them anyway).
    const ordered = [...workload.manifests].sort(
      (a, b) => Number(a.kind === 'Namespace') - Number(b.kind === 'Namespace'),
    );
    for (const manifest of ordered) {
      try {
        await client.delete(header(manifest));
      } catch (error) {
        if (statusCode(error) === 404) continue;
        throw driverError(error, `Deleting ${describe(manifest)} on ${spec.name}`);
      }
    }
  }

  async createStack(spec: ClusterSpec): Promise<CreatedStack> {
    throw new PermanentDriverError(`${spec.name} is a Kubernetes cluster: it has no Heat service.`);
  }

  async deleteStack(): Promise<void> {
    // No stack can exist here (createStack refuses), so there is nothing to delete.
  }

  async observeStatus(): Promise<ObservedStatus> {
    return { status: 'success' };
  }
}
