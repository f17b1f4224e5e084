import { deployableKinds } from '@meridian/domain/apps/advanced-template';
import {
  PermanentDriverError,
  type WorkloadManifest,
  type WorkloadSpec,
} from '../infrastructure-driver';

export const fieldManager = 'meridian';
const managedByLabel = 'app.kubernetes.io/managed-by';
export const deploymentAnnotation = 'meridian.dev/deployment';

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function metadataOf(manifest: WorkloadManifest): Record<string, unknown> {
  return isRecord(manifest.metadata) ? manifest.metadata : {};
}

export function describe(manifest: WorkloadManifest): string {
  return `${String(manifest.kind)} ${String(metadataOf(manifest).name)}`;
}

/** What the API needs to find an object again: its type, name and namespace. */
export function header(manifest: WorkloadManifest) {
  const metadata = metadataOf(manifest);
  return {
    apiVersion: String(manifest.apiVersion),
    kind: String(manifest.kind),
    metadata: {
      name: String(metadata.name),
      ...(typeof metadata.namespace === 'string' ? { namespace: metadata.namespace } : {}),
    },
  };
}

type LabelledObject = WorkloadManifest & { metadata: Record<string, unknown> };

function labelled(
  manifest: WorkloadManifest,
  deploymentId: string,
  namespace?: string,
): LabelledObject {
  const metadata = metadataOf(manifest);
  const labels = isRecord(metadata.labels) ? metadata.labels : {};
  const annotations = isRecord(metadata.annotations) ? metadata.annotations : {};
  return {
    ...manifest,
    metadata: {
      ...metadata,
      ...(namespace ? { namespace } : {}),
      labels: { ...labels, [managedByLabel]: fieldManager },
      annotations: { ...annotations, [deploymentAnnotation]: deploymentId },
    },
  };
}

/**
 * The objects to apply, in order: every namespace first (the app's own, made if the manifests do
 * not declare it), then the rest, each labelled as Meridian's; namespaced objects without a
 * namespace go to the app's. A kind outside the allowed set refuses the whole workload.
 */
export function objectsToApply(workload: WorkloadSpec): WorkloadManifest[] {
  const refused = workload.manifests
    .map((manifest) => String(manifest.kind))
    .filter((kind) => !Object.hasOwn(deployableKinds, kind));
  if (refused.length > 0) {
    throw new PermanentDriverError(
      `Meridian does not deploy ${[...new Set(refused)].join(', ')}: an app may hold ` +
        `${Object.keys(deployableKinds).join(', ')}.`,
    );
  }
  const placed = workload.manifests.map((manifest) =>
    deployableKinds[String(manifest.kind)]!.namespaced
      ? labelled(
          manifest,
          workload.deploymentId,
          String(metadataOf(manifest).namespace ?? workload.namespace),
        )
      : labelled(manifest, workload.deploymentId),
  );
  const declared = new Set(
    placed
      .filter((object) => object.kind === 'Namespace')
      .map((object) => String(object.metadata.name)),
  );
  const needed = new Set(
    placed.flatMap((object) =>
      typeof object.metadata.namespace === 'string' ? [object.metadata.namespace] : [],
    ),
  );
  const made = [...needed]
    .filter((name) => !declared.has(name))
    .map((name) =>
      labelled({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } }, workload.deploymentId),
    );
  const namespaces = [...made, ...placed.filter((object) => object.kind === 'Namespace')];
  return [...namespaces, ...placed.filter((object) => object.kind !== 'Namespace')];
}

/** A live Deployment's rollout: done, still going, or stuck with the controller's words. */
export function rolloutOf(
  live: Record<string, unknown>,
):
  | { state: 'complete'; readyReplicas: number }
  | { state: 'progressing' }
  | { state: 'failed'; message: string } {
  const metadata = isRecord(live.metadata) ? live.metadata : {};
  const spec = isRecord(live.spec) ? live.spec : {};
  const status = isRecord(live.status) ? live.status : {};
  const count = (value: unknown) => (typeof value === 'number' ? value : 0);
  const wanted = typeof spec.replicas === 'number' ? spec.replicas : 1;
  const conditions = Array.isArray(status.conditions) ? status.conditions.filter(isRecord) : [];
  const progressing = conditions.find((condition) => condition.type === 'Progressing');
  if (progressing?.reason === 'ProgressDeadlineExceeded') {
    return { state: 'failed', message: String(progressing.message ?? 'the rollout timed out') };
  }
  // kubectl rollout status's test: the controller saw this generation and every replica is new and available.
  const observed = count(status.observedGeneration) >= count(metadata.generation);
  const complete =
    observed &&
    count(status.updatedReplicas) >= wanted &&
    count(status.replicas) <= wanted &&
    count(status.availableReplicas) >= wanted;
  return complete
    ? { state: 'complete', readyReplicas: count(status.readyReplicas) }
    : { state: 'progressing' };
}

/** The LoadBalancer's address of a live Service, when it has one. */
export function loadBalancerAddress(live: Record<string, unknown>): string | null {
  const status = isRecord(live.status) ? live.status : {};
  const balancer = isRecord(status.loadBalancer) ? status.loadBalancer : {};
  const ingress = Array.isArray(balancer.ingress) ? balancer.ingress[0] : undefined;
  const address = isRecord(ingress) ? (ingress.ip ?? ingress.hostname) : undefined;
  return typeof address === 'string' ? address : null;
}

/** Why the pods do not start, from their containers' waiting states (first one found). */
export function podProblem(pods: readonly Record<string, unknown>[]): string | undefined {
  for (const pod of pods) {
    const status = isRecord(pod.status) ? pod.status : {};
    const containers = Array.isArray(status.containerStatuses)
      ? status.containerStatuses.filter(isRecord)
      : [];
    for (const container of containers) {
      const waiting =
        isRecord(container.state) && isRecord(container.state.waiting)
          ? container.state.waiting
          : undefined;
      if (waiting && waiting.reason !== 'ContainerCreating' && typeof waiting.reason === 'string') {
        const message = typeof waiting.message === 'string' ? `: ${waiting.message}` : '';
        return `${waiting.reason}${message}`;
      }
    }
  }
  return undefined;
}

export function isLoadBalancer(manifest: WorkloadManifest): boolean {
  return (
    manifest.kind === 'Service' && isRecord(manifest.spec) && manifest.spec.type === 'LoadBalancer'
  );
}
