import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { kubeResources, type KubeResource } from './kube-resources';

export interface ObjectMeta {
  name: string;
  namespace?: string;
  uid: string;
  resourceVersion: string;
  generation: number;
  creationTimestamp: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  [key: string]: unknown;
}

/** One object as the API answers it. */
export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: ObjectMeta;
  spec?: Record<string, unknown>;
  status?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface WatchEvent {
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  object: KubeObject;
}

/** A refusal in the API's own terms: answered as a `Status` object. */
export class KubeApiError extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringMap(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, String(entry)]));
}

const keyOf = (resource: KubeResource, namespace: string | undefined, name: string) =>
  `${resource.group}/${resource.name}/${namespace ?? ''}/${name}`;

/** The resource a stored key names (`group/resource/namespace/name`). */
function resourceOfKey(key: string): KubeResource | undefined {
  const [group, name] = key.split('/');
  return kubeResources.find((resource) => resource.group === group && resource.name === name);
}

/**
 * The objects of one simulated cluster, as etcd behind an API server would keep them: each
 * write bumps the cluster's resource version and is told to every watcher.
 */
export class KubeStore {
  private readonly objects = new Map<string, { resource: KubeResource; object: KubeObject }>();
  private readonly watchers = new Set<(event: WatchEvent, resource: KubeResource) => void>();
  private revision = 1;

  /**
   * `written` hears of every change (key, object or null when deleted): its persistence.
   * `admit` sees each object a client writes before it is stored, and throws to refuse it.
   */
  constructor(
    private readonly written?: (key: string, object: KubeObject | null) => void,
    private readonly admit?: (resource: KubeResource, key: string, object: KubeObject) => void,
  ) {}

  /** Puts back objects kept before a restart, without telling anyone. */
  restore(entries: readonly { key: string; object: KubeObject }[]): void {
    for (const { key, object } of entries) {
      const resource = resourceOfKey(key);
      if (!resource) continue;
      this.objects.set(key, { resource, object });
      this.revision = Math.max(this.revision, Number(object.metadata.resourceVersion) || 0);
    }
  }

  get resourceVersion(): string {
    return String(this.revision);
  }

  get(resource: KubeResource, namespace: string | undefined, name: string): KubeObject {
    const found = this.objects.get(keyOf(resource, namespace, name));
    if (!found) {
      throw new KubeApiError(404, 'NotFound', `${resource.name} "${name}" not found`);
    }
    return found.object;
  }

  find(resource: KubeResource, namespace: string | undefined, name: string) {
    return this.objects.get(keyOf(resource, namespace, name))?.object;
  }

  list(resource: KubeResource, namespace?: string): KubeObject[] {
    return [...this.objects.values()]
      .filter(
        (entry) =>
          entry.resource === resource &&
          (namespace === undefined || entry.object.metadata.namespace === namespace),
      )
      .map((entry) => entry.object);
  }

  /**
   * Server-side apply by the one manager a simulated cluster has: the applied fields replace
   * the object's, the server's own (uid, status, generation) stay; the generation moves only
   * when the spec changes, as on a real API server.
   */
  apply(
    resource: KubeResource,
    namespace: string | undefined,
    body: Record<string, unknown>,
    fieldManager: string,
    now: Date,
  ): { object: KubeObject; specChanged: boolean } {
    const metadata = isRecord(body.metadata) ? body.metadata : {};
    const name = String(metadata.name ?? '');
    if (resource.namespaced && namespace) this.requireNamespace(namespace);
    const key = keyOf(resource, namespace, name);
    const previous = this.objects.get(key)?.object;
    const { status: _ignored, metadata: _metadata, ...fields } = body;
    const specChanged = !previous || !isDeepStrictEqual(previous.spec, body.spec);
    const object: KubeObject = {
      ...fields,
      apiVersion: String(body.apiVersion),
      kind: resource.kind,
      metadata: {
        name,
        ...(resource.namespaced ? { namespace } : {}),
        uid: previous?.metadata.uid ?? randomUUID(),
        resourceVersion: String(++this.revision),
        generation: (previous?.metadata.generation ?? 0) + (specChanged ? 1 : 0),
        creationTimestamp: previous?.metadata.creationTimestamp ?? now.toISOString(),
        ...(stringMap(metadata.labels) ? { labels: stringMap(metadata.labels) } : {}),
        ...(stringMap(metadata.annotations)
          ? { annotations: stringMap(metadata.annotations) }
          : {}),
        managedFields: [
          {
            manager: fieldManager,
            operation: 'Apply',
            apiVersion: body.apiVersion,
            time: now.toISOString(),
          },
        ],
      },
      ...(previous?.status ? { status: previous.status } : {}),
    };
    this.admit?.(resource, key, object);
    this.objects.set(key, { resource, object });
    this.written?.(key, object);
    this.tell({ type: previous ? 'MODIFIED' : 'ADDED', object }, resource);
    return { object, specChanged };
  }

  /** Sets what the cluster's controllers observed; told to watchers only when it changed. */
  setStatus(resource: KubeResource, object: KubeObject, status: Record<string, unknown>): void {
    const key = keyOf(resource, object.metadata.namespace, object.metadata.name);
    const current = this.objects.get(key)?.object;
    if (!current || isDeepStrictEqual(current.status, status)) return;
    const updated: KubeObject = {
      ...current,
      metadata: { ...current.metadata, resourceVersion: String(++this.revision) },
      status,
    };
    this.objects.set(key, { resource, object: updated });
    this.written?.(key, updated);
    this.tell({ type: 'MODIFIED', object: updated }, resource);
  }

  /** A controller's write to the spec (a claim bound to its volume): the generation stays. */
  setSpec(resource: KubeResource, object: KubeObject, spec: Record<string, unknown>): KubeObject {
    const key = keyOf(resource, object.metadata.namespace, object.metadata.name);
    const current = this.objects.get(key)?.object ?? object;
    const updated: KubeObject = {
      ...current,
      metadata: { ...current.metadata, resourceVersion: String(++this.revision) },
      spec,
    };
    this.objects.set(key, { resource, object: updated });
    this.written?.(key, updated);
    this.tell({ type: 'MODIFIED', object: updated }, resource);
    return updated;
  }

  /** Deletes the object; a namespace takes everything in it along. */
  remove(resource: KubeResource, namespace: string | undefined, name: string): KubeObject {
    const object = this.get(resource, namespace, name);
    this.objects.delete(keyOf(resource, namespace, name));
    this.written?.(keyOf(resource, namespace, name), null);
    this.revision += 1;
    this.tell({ type: 'DELETED', object }, resource);
    if (resource.kind === 'Namespace') {
      for (const [key, entry] of this.objects) {
        if (entry.object.metadata.namespace !== name) continue;
        this.objects.delete(key);
        this.written?.(key, null);
        this.tell({ type: 'DELETED', object: entry.object }, entry.resource);
      }
    }
    return object;
  }

  watch(listener: (event: WatchEvent, resource: KubeResource) => void): () => void {
    this.watchers.add(listener);
    return () => this.watchers.delete(listener);
  }

  private requireNamespace(namespace: string): void {
    const exists = [...this.objects.values()].some(
      (entry) => entry.object.kind === 'Namespace' && entry.object.metadata.name === namespace,
    );
    if (!exists && namespace !== 'default') {
      throw new KubeApiError(404, 'NotFound', `namespaces "${namespace}" not found`);
    }
  }

  private tell(event: WatchEvent, resource: KubeResource): void {
    for (const watcher of this.watchers) watcher(event, resource);
  }
}
