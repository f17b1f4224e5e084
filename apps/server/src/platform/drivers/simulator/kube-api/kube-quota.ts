import type { KubeResource } from './kube-resources';
import { KubeApiError, type KubeObject } from './kube-store';

/** What one simulated cluster may hold, as a real cluster's quota and etcd would bound it. */
export interface KubeQuota {
  /** Stored objects (namespaces included; pods, ReplicaSets and nodes are derived, not stored). */
  objects: number;
  /** All stored objects together, as JSON. */
  bytes: number;
  /** One object, as JSON: a ConfigMap or Secret may hold at most 1 MiB on a real cluster. */
  objectBytes: number;
}

const mebibyte = 1024 * 1024;

/**
 * Far above what Meridian's own deploys store (a Basic app: 3 objects, 2.4 KiB in all;
 * docs/simulated-kubernetes.md "Limits"), far below what would let one kubeconfig fill the
 * database.
 */
export const simulatedClusterQuota: KubeQuota = {
  objects: 1000,
  bytes: 8 * mebibyte,
  objectBytes: mebibyte,
};

/** 1.9 MiB, 512 KiB, 300 B: the sizes a message quotes. */
function sizeText(bytes: number): string {
  if (bytes >= mebibyte) return `${Number((bytes / mebibyte).toFixed(1))} MiB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KiB`;
  return `${bytes} B`;
}

/** The size of every stored object of one cluster, checked against its quota on each write. */
export class ObjectSizes {
  private readonly sizes = new Map<string, number>();
  private total = 0;

  constructor(private readonly quota: KubeQuota = simulatedClusterQuota) {}

  /** The object's size once it is stored under `key`; a write the quota refuses throws. */
  admit(resource: KubeResource, key: string, object: KubeObject): number {
    const name = `${resource.name} "${object.metadata.name}"`;
    const size = Buffer.byteLength(JSON.stringify(object));
    const previous = this.sizes.get(key);
    if (previous === undefined && this.sizes.size >= this.quota.objects) {
      throw new KubeApiError(
        403,
        'Forbidden',
        `${name} is forbidden: exceeded quota: a simulated cluster holds at most ` +
          `${this.quota.objects} objects, and this one holds ${this.sizes.size}. Delete some first.`,
      );
    }
    if (size > this.quota.objectBytes) {
      throw new KubeApiError(
        413,
        'RequestEntityTooLarge',
        `${name} is too large: an object may be at most ${sizeText(this.quota.objectBytes)}, ` +
          `and this one is ${sizeText(size)}.`,
      );
    }
    const total = this.total - (previous ?? 0) + size;
    if (total > this.quota.bytes) {
      throw new KubeApiError(
        413,
        'RequestEntityTooLarge',
        `${name} does not fit: a simulated cluster holds at most ${sizeText(this.quota.bytes)} ` +
          `of objects, and this one would hold ${sizeText(total)}. Delete some first.`,
      );
    }
    return size;
  }

  /** Records what is stored under `key` now (a write admitted, a controller's status, a restore). */
  set(key: string, object: KubeObject): void {
    this.delete(key);
    const size = Buffer.byteLength(JSON.stringify(object));
    this.sizes.set(key, size);
    this.total += size;
  }

  delete(key: string): void {
    this.total -= this.sizes.get(key) ?? 0;
    this.sizes.delete(key);
  }
}
