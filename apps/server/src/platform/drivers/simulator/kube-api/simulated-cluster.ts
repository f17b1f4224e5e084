import { createHash } from 'node:crypto';
import { defaultFlavor, findFlavor, type FlavorKey } from '@meridian/domain/flavors';
import { autoscale, boundsOf } from './kube-autoscaler';
import { probeEventsOf } from './kube-probes';
import { ObjectSizes, simulatedClusterQuota, type KubeQuota } from './kube-quota';
import { resourceByKind, type KubeResource } from './kube-resources';
import { claimStatus, withKeptFields } from './kube-server-fields';
import { KubeApiError, KubeStore, isRecord, type KubeObject } from './kube-store';
import {
  accessLogLine,
  containersOf,
  deploymentStatus,
  planRollout,
  podsOf,
  replicaSetOf,
  replicasOf,
  specOf,
  type RolloutPlan,
} from './kube-workloads';

/** What the simulator decides for one member cluster. */
export interface ClusterBehaviour {
  now(): number;
  /** How long a rollout takes to get every new pod ready. */
  rolloutMs(): number;
  /** A Deployment's progress deadline (600 s on a real cluster), on the simulator's clock. */
  progressDeadlineMs: number;
  /** Fault injection (MERIDIAN_SIM_FAIL_ROLLOUTS): every rollout here gets stuck, or those of these images. */
  failRollouts: boolean | readonly string[];
  nodeCount: number;
  /** The flavor the nodes were ordered in: their capacity (unknown here: the default one's). */
  nodeFlavor?: FlavorKey | null;
  kubeVersion: string;
  /** How often each pod writes a log line (3 s unless told; benches ask for more). */
  logIntervalMs?: number;
  /** How busy apps are at an instant, 0–1 of their peak: the datacenter's daily rhythm (0.6 unless told). */
  rhythmAt?(at: Date): number;
}

/** Which of a pod's lines are asked for: after `since`, up to `until`, the last `tail`. */
export interface LogWindow {
  tail: number;
  since?: number;
  until?: number;
}

const deployments = resourceByKind('apps/v1', 'Deployment')!;
const autoscalers = resourceByKind('autoscaling/v2', 'HorizontalPodAutoscaler')!;
const claims = resourceByKind('v1', 'PersistentVolumeClaim')!;
// The HPA controller's sync period (15 s), on the simulator's clock.
const autoscalerSyncMs = 15_000;

/** A node's capacity as Kubernetes states it: the flavor's vCPU, and its GB of RAM as Gi. */
function nodeCapacityOf(key: FlavorKey | null | undefined): { cpu: string; memory: string } {
  const flavor = (key && findFlavor(key)) || defaultFlavor;
  return { cpu: String(flavor.cpu.value), memory: `${flavor.ram.value}Gi` };
}

/**
 * One simulated member cluster: its objects, and the controllers that move them — Deployments
 * roll out over the simulator's time, Services get addresses, pods and ReplicaSets follow
 * their Deployment, nodes are the cluster's minions.
 */
export class SimulatedCluster {
  readonly store: KubeStore;
  private readonly rollouts = new Map<string, RolloutPlan>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly sizes: ObjectSizes;
  private readonly autoscaled = new Map<string, number>();
  private autoscaling = false;

  constructor(
    readonly clusterId: string,
    public behaviour: ClusterBehaviour,
    written?: (key: string, object: KubeObject | null) => void,
    quota: KubeQuota = simulatedClusterQuota,
  ) {
    const sizes = new ObjectSizes(quota);
    this.sizes = sizes;
    this.store = new KubeStore(
      (key, object) => {
        if (object) sizes.set(key, object);
        else sizes.delete(key);
        written?.(key, object);
      },
      (resource, key, object) => sizes.admit(resource, key, object),
    );
  }

  /**
   * Objects kept from before a restart: a Deployment that had rolled out stays rolled out, one
   * still rolling out starts its rollout again (the controller's timing was not kept).
   */
  restore(entries: readonly { key: string; object: KubeObject }[]): void {
    this.store.restore(entries);
    // Counted as they are, even beyond the quota: only new writes are refused.
    for (const { key, object } of entries) this.sizes.set(key, object);
    const now = this.behaviour.now();
    for (const deployment of this.store.list(deployments)) {
      const status = isRecord(deployment.status) ? deployment.status : {};
      const done =
        status.availableReplicas === replicasOf(deployment) &&
        status.replicas === replicasOf(deployment);
      if (!done) {
        this.startRollout(deployment, now);
        continue;
      }
      const plan = planRollout(
        deployment,
        {
          now,
          durationMs: 0,
          progressDeadlineMs: this.behaviour.progressDeadlineMs,
          failing: false,
        },
        0,
      );
      this.rollouts.set(deployment.metadata.uid, plan);
    }
  }

  apply(
    resource: KubeResource,
    namespace: string | undefined,
    body: Record<string, unknown>,
    fieldManager: string,
  ): KubeObject {
    if (resource.readOnly) {
      throw new KubeApiError(405, 'MethodNotAllowed', `${resource.name} are made by the cluster`);
    }
    const now = this.behaviour.now();
    const previous = this.store.find(resource, namespace, nameOf(body));
    const prepared = this.withServerFields(resource, body, previous);
    const { object, specChanged } = this.store.apply(
      resource,
      namespace,
      prepared,
      fieldManager,
      new Date(now),
    );
    if (resource.kind === 'Deployment' && specChanged) this.startRollout(object, now);
    this.settle(resource, object);
    return this.store.get(resource, namespace, object.metadata.name);
  }

  remove(resource: KubeResource, namespace: string | undefined, name: string): KubeObject {
    if (resource.readOnly) {
      throw new KubeApiError(405, 'MethodNotAllowed', `${resource.name} are made by the cluster`);
    }
    const object = this.store.remove(resource, namespace, name);
    this.rollouts.delete(object.metadata.uid);
    return object;
  }

  /** Objects of a resource, the derived ones (pods, ReplicaSets, nodes) made at `now`. */
  list(resource: KubeResource, namespace?: string): KubeObject[] {
    this.runAutoscalers();
    this.refreshDeployments();
    const now = this.behaviour.now();
    const owners = () => this.store.list(deployments, namespace);
    const pods = () =>
      owners().flatMap((owner) => {
        const plan = this.rollouts.get(owner.metadata.uid);
        return plan ? podsOf(owner, plan, now, this.behaviour.nodeCount, this.timeScale()) : [];
      });
    switch (resource.kind) {
      case 'Pod':
        return pods();
      case 'Event':
        return pods().flatMap((pod) => probeEventsOf(pod, now, this.timeScale()));
      case 'ReplicaSet':
        return owners().flatMap((owner) => {
          const plan = this.rollouts.get(owner.metadata.uid);
          return plan ? [replicaSetOf(owner, plan, now)] : [];
        });
      case 'Node':
        return this.nodes();
      default:
        return this.store.list(resource, namespace);
    }
  }

  get(resource: KubeResource, namespace: string | undefined, name: string): KubeObject {
    if (!resource.readOnly) {
      this.runAutoscalers();
      this.refreshDeployments();
      return this.store.get(resource, namespace, name);
    }
    const found = this.list(resource, namespace).find((object) => object.metadata.name === name);
    if (!found) throw new KubeApiError(404, 'NotFound', `${resource.name} "${name}" not found`);
    return found;
  }

  /** The last `tail` lines a pod's container wrote, one every few seconds since it started. */
  /**
   * The lines a pod wrote after `since` up to `until`, the last `tail` of them: one every
   * `logIntervalMs` (3 s unless told) since the pod started.
   */
  logs(
    namespace: string,
    podName: string,
    { tail, since = -Infinity, until = this.behaviour.now() }: LogWindow,
  ): { at: number; text: string }[] {
    const pods = resourceByKind('v1', 'Pod')!;
    const pod = this.get(pods, namespace, podName);
    const plan = this.planOfPod(pod);
    const start = Date.parse(pod.metadata.creationTimestamp);
    const step = this.logIntervalMs();
    const lines: { at: number; text: string }[] = [];
    for (
      let at = until - ((until - start) % step);
      at >= start && at > since && lines.length < tail;
      at -= step
    ) {
      lines.unshift({ at, text: accessLogLine(podName, at, plan?.stuck) });
    }
    return lines;
  }

  /** The simulator's time scale, as the progress deadline (600 s on a real cluster) shows it. */
  timeScale(): number {
    return Math.max(0, this.behaviour.progressDeadlineMs / 600_000);
  }

  logIntervalMs(): number {
    return Math.max(1, this.behaviour.logIntervalMs ?? 3000);
  }

  planOfPod(pod: KubeObject): RolloutPlan | undefined {
    return [...this.rollouts.values()].find((plan) =>
      pod.metadata.name.startsWith(`${plan.replicaSet}-`),
    );
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  /** What the API server and its controllers add on a write: addresses, a phase. */
  private withServerFields(
    resource: KubeResource,
    body: Record<string, unknown>,
    previous: KubeObject | undefined,
  ): Record<string, unknown> {
    if (resource.kind !== 'Service') return withKeptFields(resource.kind, body, previous);
    const spec = isRecord(body.spec) ? body.spec : {};
    const clusterIP =
      (isRecord(previous?.spec) ? previous.spec.clusterIP : undefined) ??
      `10.96.${this.addressByte(nameOf(body), 0)}.${this.addressByte(nameOf(body), 1)}`;
    return { ...body, spec: { ...spec, clusterIP, clusterIPs: [clusterIP] } };
  }

  private settle(resource: KubeResource, object: KubeObject): void {
    if (resource.kind === 'Namespace') {
      this.store.setStatus(resource, object, { phase: 'Active' });
    } else if (resource.kind === 'Service') {
      const name = `${object.metadata.namespace}/${object.metadata.name}`;
      const balanced = specOf(object).type === 'LoadBalancer';
      const ip = `203.0.113.${(this.addressByte(name, 2) % 250) + 1}`;
      this.store.setStatus(resource, object, {
        loadBalancer: balanced ? { ingress: [{ ip, ipMode: 'VIP' }] } : {},
      });
    } else if (resource.kind === 'StatefulSet') {
      const replicas = replicasOf(object);
      const observedGeneration = object.metadata.generation;
      this.store.setStatus(resource, object, {
        observedGeneration,
        replicas,
        readyReplicas: replicas,
        availableReplicas: replicas,
        updatedReplicas: replicas,
      });
    } else if (resource.kind === 'Deployment') {
      this.refreshDeployments();
    } else if (resource.kind === 'PersistentVolumeClaim') {
      this.bindClaim(object);
    } else if (resource.kind === 'HorizontalPodAutoscaler') {
      // A new or changed HPA is acted on at once, not at its next sync.
      this.autoscaled.delete(object.metadata.uid);
      this.runAutoscalers();
    }
  }

  /** Provisions the claim's volume (`pvc-<claim uid>`, kept until the claim goes) and binds it. */
  private bindClaim(claim: KubeObject): void {
    const spec = specOf(claim);
    const bound =
      typeof spec.volumeName === 'string'
        ? claim
        : this.store.setSpec(claims, claim, { ...spec, volumeName: `pvc-${claim.metadata.uid}` });
    this.store.setStatus(claims, bound, claimStatus(bound));
  }

  /**
   * The HPA controller: each HPA at most once per sync period sets its target Deployment's
   * replicas and its own status (kube-autoscaler.ts).
   */
  private runAutoscalers(): void {
    if (this.autoscaling) return;
    this.autoscaling = true;
    try {
      const now = this.behaviour.now();
      const scale = this.timeScale();
      const rhythmAt = this.behaviour.rhythmAt ?? (() => 0.6);
      for (const hpa of this.store.list(autoscalers)) {
        const last = this.autoscaled.get(hpa.metadata.uid);
        if (last !== undefined && now - last < autoscalerSyncMs * scale) continue;
        this.autoscaled.set(hpa.metadata.uid, now);
        const namespace = hpa.metadata.namespace;
        const target = this.store.find(deployments, namespace, boundsOf(hpa).targetName);
        const clock = { clusterId: this.clusterId, now, scale, rhythmAt };
        const { desired, status } = autoscale(hpa, target, clock);
        if (target && desired !== undefined && desired !== replicasOf(target)) {
          this.scaleDeployment(target, desired);
        }
        this.store.setStatus(autoscalers, hpa, status);
      }
    } finally {
      this.autoscaling = false;
    }
  }

  /** Sets a Deployment's replicas as its scale subresource would (the HPA's write). */
  private scaleDeployment(deployment: KubeObject, replicas: number): void {
    const { name, namespace, labels, annotations } = deployment.metadata;
    const { status: _status, metadata: _metadata, ...fields } = deployment;
    const body = {
      ...fields,
      metadata: {
        name,
        namespace,
        ...(labels ? { labels } : {}),
        ...(annotations ? { annotations } : {}),
      },
      spec: { ...specOf(deployment), replicas },
    };
    this.apply(deployments, namespace, body, 'horizontal-pod-autoscaler');
  }

  private startRollout(deployment: KubeObject, now: number): void {
    const current = this.rollouts.get(deployment.metadata.uid);
    const options = {
      now,
      durationMs: this.behaviour.rolloutMs(),
      progressDeadlineMs: this.behaviour.progressDeadlineMs,
      failing: rolloutFails(this.behaviour.failRollouts, deployment),
    };
    const plan = planRollout(deployment, options, 0);
    // The same template at another scale is no rollout: the ReplicaSet only grows or shrinks.
    if (current && current.replicaSet === plan.replicaSet) return;
    const recreate = specOf(deployment).strategy;
    // Recreate stops every old pod before the new ones start (a claim is never mounted twice).
    const previousReady =
      current && !(isRecord(recreate) && recreate.type === 'Recreate')
        ? deploymentStatus(deployment, current, now).readyReplicas
        : 0;
    plan.previousReady = Math.min(previousReady, replicasOf(deployment));
    this.rollouts.set(deployment.metadata.uid, plan);
    this.scheduleRefresh(plan, now);
  }

  /** Watchers hear of readiness (or of the deadline passing) when it happens. */
  private scheduleRefresh(plan: RolloutPlan, now: number): void {
    for (const at of [plan.readyAt, plan.deadlineAt]) {
      const timer = setTimeout(
        () => {
          this.timers.delete(timer);
          this.refreshDeployments();
        },
        Math.max(0, at - now) + 5,
      );
      timer.unref();
      this.timers.add(timer);
    }
  }

  private refreshDeployments(): void {
    const now = this.behaviour.now();
    for (const deployment of this.store.list(deployments)) {
      const plan = this.rollouts.get(deployment.metadata.uid);
      if (plan)
        this.store.setStatus(deployments, deployment, deploymentStatus(deployment, plan, now));
    }
  }

  private nodes(): KubeObject[] {
    const created = new Date(this.behaviour.now() - 86_400_000).toISOString();
    return Array.from({ length: Math.max(1, this.behaviour.nodeCount) }, (_, index) => ({
      apiVersion: 'v1',
      kind: 'Node',
      metadata: {
        name: `node-${index + 1}`,
        uid: `${this.clusterId.slice(0, 8)}-node-${index + 1}`,
        resourceVersion: this.store.resourceVersion,
        generation: 1,
        creationTimestamp: created,
        labels: { 'kubernetes.io/hostname': `node-${index + 1}` },
      },
      status: {
        conditions: [{ type: 'Ready', status: 'True', reason: 'KubeletReady' }],
        addresses: [
          { type: 'InternalIP', address: `10.0.${this.addressByte('nodes', 0)}.${index + 10}` },
          { type: 'Hostname', address: `node-${index + 1}` },
        ],
        capacity: { ...nodeCapacityOf(this.behaviour.nodeFlavor), pods: '110' },
        nodeInfo: { kubeletVersion: this.behaviour.kubeVersion, osImage: 'Ubuntu 24.04 LTS' },
      },
    }));
  }

  private addressByte(name: string, index: number): number {
    return createHash('sha256').update(`${this.clusterId}/${name}`).digest()[index]!;
  }
}

function nameOf(body: Record<string, unknown>): string {
  return isRecord(body.metadata) ? String(body.metadata.name ?? '') : '';
}

/** Whether injected faults doom this Deployment's rollout: all of them, or those running a listed image. */
function rolloutFails(fault: boolean | readonly string[], deployment: KubeObject): boolean {
  if (typeof fault === 'boolean') return fault;
  return containersOf(deployment).some((container) => fault.includes(String(container.image)));
}
