import type { KubernetesObjectApi, V1Node, V1Pod } from '@kubernetes/client-node';
import type { KubeconfigTarget } from '@meridian/domain/clusters/kubeconfig';
import {
  ClusterUnreachableError,
  PermanentDriverError,
  type ClusterSnapshot,
  type NodeSnapshot,
  type PodSnapshot,
} from '../infrastructure-driver';
import { unreachableReason } from './kubernetes-client';

// Kubernetes quantity suffixes (resource.Quantity): decimal SI and binary.
const multipliers: Record<string, number> = {
  '': 1,
  n: 1e-9,
  u: 1e-6,
  m: 1e-3,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
};

/** A quantity such as `3500m`, `16Gi` or `129e6` as a number (cores, bytes); 0 if unreadable. */
export function quantityValue(text: string | undefined): number {
  const match = /^(\d*\.?\d+)(?:[eE]([+-]?\d+)|(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE]))?$/.exec(
    text?.trim() ?? '',
  );
  if (!match) return 0;
  const exponent = match[2] ? 10 ** Number(match[2]) : 1;
  const value = Number(match[1]) * exponent * (multipliers[match[3] ?? ''] ?? 1);
  return Number.isFinite(value) ? value : 0;
}

function nodeOf(node: V1Node): NodeSnapshot {
  const ready = node.status?.conditions?.find((condition) => condition.type === 'Ready');
  const status =
    ready?.status === 'True' ? 'Ready' : ready?.status === 'False' ? 'NotReady' : 'Unknown';
  const capacity = node.status?.capacity ?? {};
  return {
    name: node.metadata?.name ?? 'unnamed',
    status: node.spec?.unschedulable ? `${status},SchedulingDisabled` : status,
    kubeletVersion: node.status?.nodeInfo?.kubeletVersion ?? '',
    cpuCores: quantityValue(capacity.cpu),
    memoryBytes: quantityValue(capacity.memory),
  };
}

/** kubectl's STATUS column: the phase, unless a container waits or ended for a reason. */
function podStatus(pod: V1Pod): string {
  if (pod.metadata?.deletionTimestamp) return 'Terminating';
  for (const container of pod.status?.containerStatuses ?? []) {
    const reason = container.state?.waiting?.reason ?? container.state?.terminated?.reason;
    if (reason) return reason;
  }
  return pod.status?.reason ?? pod.status?.phase ?? 'Unknown';
}

function timeOf(value: Date | string | undefined): Date | null {
  if (value === undefined) return null;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? null : time;
}

function podOf(pod: V1Pod): PodSnapshot {
  const containers = pod.status?.containerStatuses ?? [];
  return {
    namespace: pod.metadata?.namespace ?? '',
    name: pod.metadata?.name ?? 'unnamed',
    readyContainers: containers.filter((container) => container.ready).length,
    containers: Math.max(containers.length, pod.spec?.containers.length ?? 0),
    status: podStatus(pod),
    restarts: containers.reduce((sum, container) => sum + (container.restartCount ?? 0), 0),
    node: pod.spec?.nodeName ?? null,
    createdAt: timeOf(pod.metadata?.creationTimestamp),
  };
}

/** The refusal of a kubeconfig or address in its own words, anything else as a sentence. */
function unreachable(origin: string, error: unknown): ClusterUnreachableError {
  const reason =
    error instanceof PermanentDriverError ? error.message : unreachableReason(origin, error);
  return new ClusterUnreachableError(reason, { cause: error });
}

/**
 * Lists the cluster's nodes and the pods of every namespace through its API; any failure is a
 * ClusterUnreachableError saying why in one sentence, never the HTTP exchange.
 */
export async function readClusterSnapshot(
  open: () => KubeconfigTarget,
  connect: (target: KubeconfigTarget) => Promise<KubernetesObjectApi>,
): Promise<ClusterSnapshot> {
  let target: KubeconfigTarget;
  try {
    target = open();
  } catch (error) {
    throw unreachable('', error);
  }
  const origin = new URL(target.server).origin;
  try {
    const client = await connect(target);
    const [nodes, pods] = await Promise.all([client.list('v1', 'Node'), client.list('v1', 'Pod')]);
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    return {
      nodes: (nodes.items as V1Node[]).map(nodeOf).sort(byName),
      pods: (pods.items as V1Pod[])
        .map(podOf)
        .sort((a, b) => a.namespace.localeCompare(b.namespace) || byName(a, b)),
    };
  } catch (error) {
    throw unreachable(origin, error);
  }
}
