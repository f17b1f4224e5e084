import type { KubernetesObject, KubernetesObjectApi } from '@kubernetes/client-node';
import type { KubeconfigTarget } from '@meridian/domain/clusters/kubeconfig';
import {
  PermanentDriverError,
  type ClusterSpec,
  type CreatedStack,
  type InfrastructureDriver,
  type LogLine,
  type LogQuery,
  type ObservedStatus,
  type ProvisionedCluster,
  type WorkloadManifest,
  type WorkloadObservation,
  type WorkloadSpec,
} from '../infrastructure-driver';
import type { ClusterEndpointPolicy } from '../../outbound-guard';
import {
  defaultKubernetesTimeouts,
  guardedObjectApi,
  kubeConfigOf,
  kubernetesLibrary,
  openKubeconfig,
  probeVersion,
  type KubernetesTimeouts,
} from './kubernetes-client';
import { probeProblem } from './kubernetes-probes';
import { waitForDeploymentChange } from './kubernetes-watch';
import {
  deploymentAnnotation,
  describe,
  fieldManager,
  header,
  isLoadBalancer,
  isRecord,
  loadBalancerAddress,
  metadataOf,
  objectsToApply,
  podProblem,
  rolloutOf,
} from './kubernetes-workload';

export interface KubernetesDriverOptions {
  /** Deadline of each call to the cluster's API. */
  timeouts?: KubernetesTimeouts;
  /** Which cluster addresses may be dialled (MERIDIAN_ALLOW_PRIVATE_CLUSTERS). */
  endpoints?: ClusterEndpointPolicy;
  /** How often a live tail looks for new or gone pods (5 s). */
  podSetCheckMs?: number;
}

function statusCode(error: unknown): number | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'number' ? code : undefined;
}

/** The API server's answer in words a user can act on; 4xx other than 404/409/429 will not heal. */
function driverError(error: unknown, what: string): Error {
  if (error instanceof PermanentDriverError) return error;
  const code = statusCode(error);
  const body = (error as { body?: unknown }).body;
  const parsed = typeof body === 'string' ? safeJson(body) : body;
  const detail =
    isRecord(parsed) && typeof parsed.message === 'string'
      ? parsed.message
      : 'the cluster API did not answer';
  const message = `${what}: ${detail}.`;
  if (code !== undefined && code >= 400 && code < 500 && ![404, 409, 429].includes(code)) {
    return new PermanentDriverError(message);
  }
  return new Error(message, { cause: error });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Deploys onto a Kubernetes cluster through its API, with its kubeconfig: server-side apply
 * (field manager `meridian`) of every object into the app's namespace, then the rollout watched
 * until its Deployments are available or their controller gives up. Used for external clusters
 * and, through the simulator, for every simulated member cluster. Clusters themselves are not
 * this driver's: it never creates or deletes one.
 */
export class KubernetesDriver implements InfrastructureDriver {
  readonly kind = 'kubernetes';
  private readonly timeouts: KubernetesTimeouts;
  private readonly endpoints: ClusterEndpointPolicy;
  private readonly podSetCheckMs: number;

  constructor(options: KubernetesDriverOptions = {}) {
    this.timeouts = options.timeouts ?? defaultKubernetesTimeouts;
    this.endpoints = options.endpoints ?? { allowPrivate: false };
    this.podSetCheckMs = options.podSetCheckMs ?? 5000;
  }

  plannedDurationMs(): number {
    return 0;
  }

  /** Re-checks the stored kubeconfig every time: one saved before a check existed runs nothing. */
  private target(spec: ClusterSpec): KubeconfigTarget {
    return openKubeconfig(spec.kubeconfig, spec.name);
  }

  private client(spec: ClusterSpec): Promise<KubernetesObjectApi> {
    return guardedObjectApi(this.target(spec), this.timeouts, this.endpoints);
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

  async applyWorkload(spec: ClusterSpec, workload: WorkloadSpec): Promise<void> {
    const objects = objectsToApply(workload);
    const client = await this.client(spec);
    const { PatchStrategy } = await kubernetesLibrary();
    for (const object of objects) {
      try {
        await client.patch(
          object as KubernetesObject,
          undefined,
          undefined,
          fieldManager,
          true,
          PatchStrategy.ServerSideApply,
        );
      } catch (error) {
        throw driverError(error, `Applying ${describe(object)} on ${spec.name}`);
      }
    }
  }

  async observeWorkload(
    spec: ClusterSpec,
    workload: WorkloadSpec,
    options: { waitMs: number },
  ): Promise<WorkloadObservation> {
    const client = await this.client(spec);
    // Only Deployments and LoadBalancer Services tell how a rollout goes; built once per look.
    const watched = objectsToApply(workload).filter(
      (object) => object.kind === 'Deployment' || isLoadBalancer(object),
    );
    const first = await this.observe(client, spec, watched);
    if (first.observation.state !== 'progressing' || options.waitMs <= 0) return first.observation;
    await waitForDeploymentChange(
      this.target(spec),
      workload.namespace,
      first.resourceVersion,
      options.waitMs,
      this.endpoints,
    );
    return (await this.observe(client, spec, watched)).observation;
  }

  /** Reads the workload's Deployments and LoadBalancer Services once. */
  private async observe(
    client: KubernetesObjectApi,
    spec: ClusterSpec,
    objects: readonly WorkloadManifest[],
  ): Promise<{ observation: WorkloadObservation; resourceVersion?: string }> {
    let endpoint: string | null = null;
    let readyReplicas = 0;
    let waitingFor: string | undefined;
    let resourceVersion: string | undefined;
    for (const object of objects) {
      const live = await this.read(client, spec, object);
      if (object.kind === 'Service') {
        endpoint ??= loadBalancerAddress(live);
        if (!endpoint) waitingFor ??= `an address for ${describe(object)}`;
        continue;
      }
      resourceVersion ??= String(metadataOf(live).resourceVersion ?? '') || undefined;
      const rollout = rolloutOf(live);
      if (rollout.state === 'failed') {
        const pods = await this.podsOf(client, live);
        // Pods that run but never pass their probe: the kubelet's words, in one sentence.
        const unhealthy = probeProblem(pods, await this.unhealthyEventsOf(client, live));
        if (unhealthy) return { observation: { state: 'failed', reason: unhealthy } };
        const problem = podProblem(pods);
        const reason =
          `${describe(object)} did not become available on ${spec.name}: ${rollout.message}` +
          (problem ? ` Its pods are waiting: ${problem}.` : '');
        return { observation: { state: 'failed', reason } };
      }
      if (rollout.state === 'progressing') waitingFor ??= `${describe(object)} to roll out`;
      else readyReplicas += rollout.readyReplicas;
    }
    const observation: WorkloadObservation = waitingFor
      ? { state: 'progressing', message: `Waiting for ${waitingFor}.` }
      : { state: 'available', endpoint, readyReplicas };
    return { observation, ...(resourceVersion ? { resourceVersion } : {}) };
  }

  private async read(
    client: KubernetesObjectApi,
    spec: ClusterSpec,
    object: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    try {
      return (await client.read(header(object))) as unknown as Record<string, unknown>;
    } catch (error) {
      throw driverError(error, `Reading ${describe(object)} on ${spec.name}`);
    }
  }

  /** The pods a Deployment selects, to say why its rollout is stuck. */
  private async podsOf(
    client: KubernetesObjectApi,
    live: Record<string, unknown>,
  ): Promise<Record<string, unknown>[]> {
    const spec = isRecord(live.spec) ? live.spec : {};
    const selector = isRecord(spec.selector) ? spec.selector : {};
    const labels = isRecord(selector.matchLabels) ? selector.matchLabels : {};
    const labelSelector = Object.entries(labels)
      .map(([key, value]) => `${key}=${String(value)}`)
      .join(',');
    try {
      const namespace = String(metadataOf(live).namespace ?? '');
      const list = await client.list(
        'v1',
        'Pod',
        namespace,
        undefined,
        undefined,
        undefined,
        undefined,
        labelSelector,
      );
      return list.items as unknown as Record<string, unknown>[];
    } catch {
      return [];
    }
  }

  /** The kubelet's `Unhealthy` events (failed probes) in the Deployment's namespace. */
  private async unhealthyEventsOf(
    client: KubernetesObjectApi,
    live: Record<string, unknown>,
  ): Promise<Record<string, unknown>[]> {
    try {
      const namespace = String(metadataOf(live).namespace ?? '');
      const list = await client.list(
        'v1',
        'Event',
        namespace,
        undefined,
        undefined,
        undefined,
        'reason=Unhealthy',
      );
      return list.items as unknown as Record<string, unknown>[];
    } catch {
      return [];
    }
  }

  async removeWorkload(spec: ClusterSpec, workload: WorkloadSpec): Promise<void> {
    const client = await this.client(spec);
    // Namespaced objects first, the namespaces last (deleting one takes what is in it anyway).
    const ordered = objectsToApply(workload).reverse();
    for (const object of ordered) {
      if (object.kind === 'Namespace' && !(await this.ownsNamespace(client, object, workload))) {
        continue;
      }
      try {
        await client.delete(header(object));
      } catch (error) {
        if (statusCode(error) === 404) continue;
        throw driverError(error, `Deleting ${describe(object)} on ${spec.name}`);
      }
    }
  }

  /** A namespace goes only with the deployment that made it: never one the user shares. */
  private async ownsNamespace(
    client: KubernetesObjectApi,
    object: Record<string, unknown>,
    workload: WorkloadSpec,
  ): Promise<boolean> {
    try {
      const live = metadataOf(await client.read(header(object)));
      const annotations = isRecord(live.annotations) ? live.annotations : {};
      return annotations[deploymentAnnotation] === workload.deploymentId;
    } catch (error) {
      if (statusCode(error) === 404) return false;
      throw driverError(error, `Reading ${describe(object)}`);
    }
  }

  async createStack(spec: ClusterSpec): Promise<CreatedStack> {
    throw new PermanentDriverError(`${spec.name} is a Kubernetes cluster: it has no Heat service.`);
  }

  async deleteStack(): Promise<void> {
    // No stack can exist here (createStack refuses), so there is nothing to delete.
  }

  /** The cluster as its API answers now: reachable, or why not. */
  async observeStatus(spec: ClusterSpec): Promise<ObservedStatus> {
    const probe = await probeVersion(this.target(spec), this.timeouts, this.endpoints);
    return probe.ok ? { status: 'success' } : { status: 'failure', reason: probe.reason };
  }

  /** The last lines of the workload's pods, merged by time (the deployment's log viewer). */
  async readLogs(spec: ClusterSpec, workload: WorkloadSpec, query: LogQuery): Promise<LogLine[]> {
    const { logSources, readSourceLogs } = await import('./kubernetes-logs');
    try {
      const sources = await logSources(await this.client(spec), workload);
      const config = await kubeConfigOf(this.target(spec), this.endpoints);
      return await readSourceLogs(config, sources, query, this.timeouts.requestMs);
    } catch (error) {
      throw driverError(error, `Reading the logs on ${spec.name}`);
    }
  }

  /** The workload's pods' new lines as they come, until `signal` aborts (the live tail). */
  async followLogs(
    spec: ClusterSpec,
    workload: WorkloadSpec,
    query: LogQuery,
    onLines: (lines: LogLine[]) => void,
    signal: AbortSignal,
  ): Promise<void> {
    const { logSources, followSourceLogs, watchSourceSet } = await import('./kubernetes-logs');
    // Ends this follow when the caller stops or the pods change (the caller then follows again).
    const follow = new AbortController();
    const stop = () => follow.abort();
    signal.addEventListener('abort', stop, { once: true });
    try {
      const client = await this.client(spec);
      const sources = await logSources(client, workload);
      const config = await kubeConfigOf(this.target(spec), this.endpoints);
      const list = () => logSources(client, workload);
      watchSourceSet(list, sources, this.podSetCheckMs, stop, follow.signal);
      await followSourceLogs(config, sources, query, onLines, follow.signal);
    } catch (error) {
      if (follow.signal.aborted) return;
      throw driverError(error, `Following the logs on ${spec.name}`);
    } finally {
      signal.removeEventListener('abort', stop);
      stop();
    }
  }

  /** The nodes and every namespace's pods as the cluster's API lists them (the monitoring page). */
  async observeCluster(spec: ClusterSpec) {
    // Loaded on first use: only the monitoring page reads snapshots, never a deployment job.
    const { readClusterSnapshot } = await import('./kubernetes-snapshot');
    return readClusterSnapshot(
      () => this.target(spec),
      (target) => guardedObjectApi(target, this.timeouts, this.endpoints),
    );
  }
}
