import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/database';
import type { SecretBox } from '../../../secret-box';
import type { KubeObject } from './kube-store';
import { simulatedKubeCredentials, simulatedKubeObjects } from '../../../db/schema/platform';

/**
 * What the simulated cloud keeps of each cluster between restarts: the serial of the
 * credentials it issued, and the cluster's objects. A cluster without credentials (never made,
 * or deleted) keeps nothing: its objects are not stored.
 */
export interface KubePersistence {
  /** The serial of the cluster's credentials; undefined when it has none. */
  credentialsOf(clusterId: string): Promise<string | undefined>;
  /** Records credentials unless the cluster has some already; answers the serial in force. */
  issueCredentials(clusterId: string, serial: string): Promise<string>;
  /** Replaces the cluster's serial; false when it has no credentials to replace. */
  rotateCredentials(clusterId: string, serial: string): Promise<boolean>;
  load(clusterId: string): Promise<{ key: string; object: KubeObject }[]>;
  /** Stores the object under its key; null deletes it. */
  save(clusterId: string, key: string, object: KubeObject | null): Promise<void>;
  /** Ends the cluster's credentials and removes its objects. */
  forget(clusterId: string): Promise<void>;
}

/** A Secret as stored: the whole object sealed, so its data (registry passwords) is not readable. */
interface SealedObject {
  sealed: string;
}

function stored(object: KubeObject, box: SecretBox): Record<string, unknown> {
  if (object.kind !== 'Secret') return object as unknown as Record<string, unknown>;
  return { sealed: box.seal(JSON.stringify(object)) } satisfies SealedObject;
}

/** The object of a row; undefined for a Secret sealed under a key no longer given (it is gone). */
function loaded(row: Record<string, unknown>, box: SecretBox): KubeObject | undefined {
  if (typeof row.sealed !== 'string' || 'kind' in row) return row as unknown as KubeObject;
  try {
    return JSON.parse(box.open(row.sealed)) as KubeObject;
  } catch {
    return undefined;
  }
}

/** The cluster's credentials and objects in Meridian's own database, Secrets sealed. */
export function databaseKubePersistence(db: Database, box: SecretBox): KubePersistence {
  const credentials = simulatedKubeCredentials;
  const objects = simulatedKubeObjects;
  return {
    async credentialsOf(clusterId) {
      const [row] = await db
        .select({ serial: credentials.serial })
        .from(credentials)
        .where(eq(credentials.clusterId, clusterId));
      return row?.serial;
    },
    async issueCredentials(clusterId, serial) {
      await db.insert(credentials).values({ clusterId, serial }).onConflictDoNothing();
      return (await this.credentialsOf(clusterId)) ?? serial;
    },
    async rotateCredentials(clusterId, serial) {
      const rows = await db
        .update(credentials)
        .set({ serial, issuedAt: new Date() })
        .where(eq(credentials.clusterId, clusterId))
        .returning({ clusterId: credentials.clusterId });
      return rows.length > 0;
    },
    async load(clusterId) {
      const rows = await db
        .select({ key: objects.objectKey, object: objects.object })
        .from(objects)
        .where(eq(objects.clusterId, clusterId));
      return rows.flatMap((row) => {
        const object = loaded(row.object, box);
        return object ? [{ key: row.key, object }] : [];
      });
    },
    async save(clusterId, key, object) {
      if (!object) {
        await db
          .delete(objects)
          .where(and(eq(objects.clusterId, clusterId), eq(objects.objectKey, key)));
        return;
      }
      const value = stored(object, box);
      // A cluster whose credentials are gone fails the foreign key: its objects stay gone.
      await db
        .insert(objects)
        .values({ clusterId, objectKey: key, object: value })
        .onConflictDoUpdate({
          target: [objects.clusterId, objects.objectKey],
          set: { object: value, updatedAt: new Date() },
        });
    },
    async forget(clusterId) {
      // Its objects go with it (on delete cascade).
      await db.delete(credentials).where(eq(credentials.clusterId, clusterId));
    },
  };
}

/**
 * The same in this process's memory (no database given: tests, benches). Without a database a
 * restart forgets which clusters the cloud runs, not that it runs them: a cluster never heard of
 * here has the credentials of before rotation existed (serial ''); a forgotten one has none.
 */
export function memoryKubePersistence(): KubePersistence {
  // Serial null: never issued here, so the credentials of before ('') are in force.
  const clusters = new Map<string, { serial: string | null; objects: Map<string, KubeObject> }>();
  const forgotten = new Set<string>();
  const held = (clusterId: string) => {
    if (forgotten.has(clusterId)) return undefined;
    const kept = clusters.get(clusterId) ?? {
      serial: null,
      objects: new Map<string, KubeObject>(),
    };
    clusters.set(clusterId, kept);
    return kept;
  };
  return {
    credentialsOf: async (clusterId) => {
      if (forgotten.has(clusterId)) return undefined;
      return clusters.get(clusterId)?.serial ?? '';
    },
    async issueCredentials(clusterId, serial) {
      forgotten.delete(clusterId);
      const kept = held(clusterId)!;
      kept.serial ??= serial;
      return kept.serial;
    },
    async rotateCredentials(clusterId, serial) {
      const kept = held(clusterId);
      if (kept) kept.serial = serial;
      return kept !== undefined;
    },
    load: async (clusterId) =>
      [...(clusters.get(clusterId)?.objects ?? [])].map(([key, object]) => ({ key, object })),
    async save(clusterId, key, object) {
      const objects = held(clusterId)?.objects;
      if (object) objects?.set(key, object);
      else objects?.delete(key);
    },
    async forget(clusterId) {
      clusters.delete(clusterId);
      forgotten.add(clusterId);
    },
  };
}
