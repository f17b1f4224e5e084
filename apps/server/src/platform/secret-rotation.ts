import {
  and,
  asc,
  count,
  eq,
  getTableColumns,
  gt,
  isNotNull,
  like,
  not,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './db/database';
import { sealedPrefix, UnknownSecretKeyError, type SecretBox } from './secret-box';

/**
 * A column of sealed values, declared by the module owning its table (in its *.queries.ts),
 * so the key check at start and the rotation reach every sealed value and no other column.
 */
export interface SealedColumn {
  /** What the values are, for people: "kubeconfigs". */
  label: string;
  table: PgTable;
  /** The table's primary key: the order batches walk in. */
  id: PgColumn;
  sealed: PgColumn;
}

/** The server's key opens none of the values already sealed: it would fail on users' requests. */
export class SecretKeyMismatchError extends Error {
  constructor(sealedValues: number) {
    super(
      `MERIDIAN_SECRET_KEY opens none of the ${sealedValues} secrets sealed in the database. Start ` +
        'with the key they were sealed with, or with the new key in MERIDIAN_SECRET_KEY and the ' +
        'old one in MERIDIAN_SECRET_KEY_PREVIOUS (then run `npm run secrets:rotate`).',
    );
    this.name = 'SecretKeyMismatchError';
  }
}

export interface SealedValueCheck {
  total: number;
  /** Values none of the keys given opens (sealed under a key no longer given). */
  unopenable: number;
}

/**
 * Tries the keys on the stored values: one value per sealing key (and one of the values from
 * before keys had ids) stands for every value that key sealed. Throws SecretKeyMismatchError
 * when values exist and none opens.
 */
export async function checkSealedValues(
  db: Database,
  box: SecretBox,
  columns: readonly SealedColumn[],
): Promise<SealedValueCheck> {
  let total = 0;
  let unopenable = 0;
  for (const column of columns) {
    // The sealing key's id, or 'v1' for the values from before keys had ids.
    const keyOf = sql<string>`CASE WHEN ${column.sealed} LIKE 'v2:%' THEN split_part(${column.sealed}, ':', 2) ELSE 'v1' END`;
    const groups = await db
      .select({ key: keyOf, values: count(), sample: sql<string>`min(${column.sealed})` })
      .from(column.table)
      .where(isNotNull(column.sealed))
      .groupBy(keyOf);
    for (const group of groups) {
      total += group.values;
      if (!opens(box, group.sample)) unopenable += group.values;
    }
  }
  if (total > 0 && unopenable === total) throw new SecretKeyMismatchError(total);
  return { total, unopenable };
}

function opens(box: SecretBox, sealed: string): boolean {
  try {
    box.open(sealed);
    return true;
  } catch {
    return false;
  }
}

export interface RotationReport {
  /** Re-sealed under the current key, per column label. */
  resealed: Record<string, number>;
  /** Left as they were: none of the keys given opens them. */
  unopenable: number;
}

/**
 * Re-seals every value not sealed by the current key, in batches walking each table by its
 * key. Each value is swapped only if it is still the one read, so a live server's writes are
 * never lost; after a crash, running it again finds only what is left.
 */
export async function rotateSealedValues(
  db: Database,
  box: SecretBox,
  columns: readonly SealedColumn[],
  { batchSize = 200, onBatch }: { batchSize?: number; onBatch?: (done: number) => void } = {},
): Promise<RotationReport> {
  const report: RotationReport = { resealed: {}, unopenable: 0 };
  let done = 0;
  for (const column of columns) {
    report.resealed[column.label] ??= 0;
    let after: unknown;
    for (;;) {
      const batch = await staleBatch(db, box, column, after, batchSize);
      if (batch.length === 0) break;
      for (const row of batch) {
        const changed = await resealOne(db, box, column, row);
        if (changed === undefined) report.unopenable += 1;
        else if (changed) report.resealed[column.label]! += 1;
      }
      after = batch.at(-1)!.id;
      done += batch.length;
      onBatch?.(done);
    }
  }
  return report;
}

interface SealedRow {
  id: unknown;
  sealed: string;
}

function staleBatch(
  db: Database,
  box: SecretBox,
  column: SealedColumn,
  after: unknown,
  batchSize: number,
): Promise<SealedRow[]> {
  const conditions: SQL[] = [
    isNotNull(column.sealed),
    not(like(column.sealed, `${sealedPrefix(box.currentKeyId)}%`)),
  ];
  if (after !== undefined) conditions.push(gt(column.id, after));
  return db
    .select({ id: column.id, sealed: sql<string>`${column.sealed}` })
    .from(column.table)
    .where(and(...conditions))
    .orderBy(asc(column.id))
    .limit(batchSize);
}

/** True when re-sealed, false when someone else changed it first, undefined when unopenable. */
async function resealOne(
  db: Database,
  box: SecretBox,
  column: SealedColumn,
  row: SealedRow,
): Promise<boolean | undefined> {
  let plain: string;
  try {
    plain = box.open(row.sealed);
  } catch (error) {
    if (error instanceof UnknownSecretKeyError) return undefined;
    throw error;
  }
  const [updated] = await db
    .update(column.table)
    .set({ [propertyKeyOf(column)]: box.seal(plain) })
    .where(and(eq(column.id, row.id), eq(column.sealed, row.sealed)))
    .returning({ id: column.id });
  return updated !== undefined;
}

/** The name the table's object gives the sealed column (drizzle's `set` is keyed by it). */
function propertyKeyOf({ table, sealed }: SealedColumn): string {
  const entry = Object.entries(getTableColumns(table)).find(([, column]) => column === sealed);
  if (!entry) throw new Error(`${sealed.name} is not a column of its table`);
  return entry[0];
}
