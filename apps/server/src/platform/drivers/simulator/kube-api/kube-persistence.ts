import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/database';
import { simulatedKubeObjects } from '../../../db/simulator-schema';
import type { KubeObject } from './kube-store';

/** Where a simulated cluster's objects are kept between restarts. */
export interface KubePersistence {
  load(clusterId: string): Promise<{ key: string; object: KubeObject }[]>;
  /** Stores the object under its key; null deletes it. */
  save(clusterId: string, key: string, object: KubeObject | null): Promise<void>;
  forget(clusterId: string): Promise<void>;
}

/** The objects in Meridian's own database (table `simulated_kube_objects`). */
export function databaseKubePersistence(db: Database): KubePersistence {
  return {
    async load(clusterId) {
      const rows = await db
        .select({ key: simulatedKubeObjects.objectKey, object: simulatedKubeObjects.object })
        .from(simulatedKubeObjects)
        .where(eq(simulatedKubeObjects.clusterId, clusterId));
      return rows.map((row) => ({ key: row.key, object: row.object as unknown as KubeObject }));
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
      const stored = object as unknown as Record<string, unknown>;
      await db
        .insert(simulatedKubeObjects)
        .values({ clusterId, objectKey: key, object: stored })
        .onConflictDoUpdate({
          target: [simulatedKubeObjects.clusterId, simulatedKubeObjects.objectKey],
          set: { object: stored, updatedAt: new Date() },
        });
    },
    async forget(clusterId) {
      await db.delete(simulatedKubeObjects).where(eq(simulatedKubeObjects.clusterId, clusterId));
    },
  };
}
