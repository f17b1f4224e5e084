import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/database';
import { simulatedKubeObjects } from '../../../db/simulator-schema';
import type { SecretBox } from '../../../secret-box';
import type { KubeObject } from './kube-store';

/** Where a simulated cluster's objects are kept between restarts. */
export interface KubePersistence {
  load(clusterId: string): Promise<{ key: string; object: KubeObject }[]>;
  /** Stores the object under its key; null deletes it. */
  save(clusterId: string, key: string, object: KubeObject | null): Promise<void>;
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

/** The objects in Meridian's own database (table `simulated_kube_objects`), Secrets sealed. */
export function databaseKubePersistence(db: Database, box: SecretBox): KubePersistence {
  return {
    async load(clusterId) {
      const rows = await db
        .select({ key: simulatedKubeObjects.objectKey, object: simulatedKubeObjects.object })
        .from(simulatedKubeObjects)
        .where(eq(simulatedKubeObjects.clusterId, clusterId));
      return rows.flatMap((row) => {
        const object = loaded(row.object, box);
        return object ? [{ key: row.key, object }] : [];
      });
    },
    async save(clusterId, key, object) {
      if (!object) {
        await db
          .delete(simulatedKubeObjects)
          .where(
            and(
              eq(simulatedKubeObjects.clusterId, clusterId),
              eq(simulatedKubeObjects.objectKey, key),
            ),
          );
        return;
      }
      const value = stored(object, box);
      await db
        .insert(simulatedKubeObjects)
        .values({ clusterId, objectKey: key, object: value })
        .onConflictDoUpdate({
          target: [simulatedKubeObjects.clusterId, simulatedKubeObjects.objectKey],
          set: { object: value, updatedAt: new Date() },
        });
    },
    async forget(clusterId) {
      await db.delete(simulatedKubeObjects).where(eq(simulatedKubeObjects.clusterId, clusterId));
    },
  };
}
