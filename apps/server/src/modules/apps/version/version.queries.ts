import { and, asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import type { SealedColumn } from '../../../platform/secret-rotation';
import type { VersionSummaryRow } from './version.mapper';
import { versions, type VersionRow } from '../../../platform/db/schema/apps';

// Versions without their raw template: lists never need it and it can be large.
const versionColumns = {
  id: versions.id,
  appId: versions.appId,
  userId: versions.userId,
  name: versions.name,
  templateType: versions.templateType,
  templateName: versions.templateName,
  flavorName: versions.flavorName,
  volumeType: versions.volumeType,
  deleting: versions.deleting,
  createdAt: versions.createdAt,
  updatedAt: versions.updatedAt,
};

export async function listVersionRows(
  db: Database,
  userId: string,
  appId?: string,
): Promise<VersionSummaryRow[]> {
  return db
    .select(versionColumns)
    .from(versions)
    .where(and(eq(versions.userId, userId), appId ? eq(versions.appId, appId) : undefined))
    .orderBy(asc(versions.createdAt), asc(versions.id));
}

export async function findOwnVersion(
  db: Database,
  userId: string,
  id: string,
): Promise<VersionRow | undefined> {
  const [row] = await db
    .select()
    .from(versions)
    .where(and(eq(versions.id, id), eq(versions.userId, userId)));
  return row;
}

/** The app's versions with their templates (a single app's page shows them). */
export async function listVersionsWithTemplates(
  db: Database,
  userId: string,
  appId: string,
): Promise<VersionRow[]> {
  return db
    .select()
    .from(versions)
    .where(and(eq(versions.userId, userId), eq(versions.appId, appId)))
    .orderBy(asc(versions.createdAt), asc(versions.id));
}

export async function insertVersionRow(
  db: Database,
  values: typeof versions.$inferInsert,
): Promise<VersionRow> {
  const [row] = await db.insert(versions).values(values).returning();
  return row!;
}

export async function updateVersionRow(
  db: Database,
  id: string,
  change: Partial<Pick<VersionRow, 'name' | 'deleting'>> & { updatedAt: Date },
): Promise<void> {
  await db.update(versions).set(change).where(eq(versions.id, id));
}

export async function deleteVersionRow(tx: Database, id: string): Promise<void> {
  await tx.delete(versions).where(eq(versions.id, id));
}

export async function findVersion(tx: Database, id: string): Promise<VersionRow | undefined> {
  const [row] = await tx.select().from(versions).where(eq(versions.id, id));
  return row;
}

export async function countVersionsOfApp(tx: Database, appId: string): Promise<number> {
  const rows = await tx.select({ id: versions.id }).from(versions).where(eq(versions.appId, appId));
  return rows.length;
}

/** The names of the app's versions (the next `v<n>` is one none has). */
export async function versionNamesOfApp(db: Database, appId: string): Promise<string[]> {
  const rows = await db
    .select({ name: versions.name })
    .from(versions)
    .where(eq(versions.appId, appId));
  return rows.map((row) => row.name);
}

/** The app's newest version: what a new one keeps its secrets from by default. */
export async function newestVersionOfApp(db: Database, appId: string) {
  const [row] = await db
    .select({
      id: versions.id,
      name: versions.name,
      secretsSealed: versions.secretsSealed,
      registry: versions.registry,
      registryPasswordSealed: versions.registryPasswordSealed,
      createdAt: versions.createdAt,
    })
    .from(versions)
    .where(and(eq(versions.appId, appId), eq(versions.deleting, false)))
    .orderBy(desc(versions.createdAt), desc(versions.id))
    .limit(1);
  return row;
}

/** The sealed values of this module's table: private registry passwords and app secrets. */
export const versionSealedColumns: SealedColumn[] = [
  {
    label: 'registry passwords',
    table: versions,
    id: versions.id,
    sealed: versions.registryPasswordSealed,
  },
  { label: 'app secrets', table: versions, id: versions.id, sealed: versions.secretsSealed },
];
