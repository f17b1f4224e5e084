import { eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { OwnerLookup } from '../http/acting-account';
import type { Database } from './database';

/** A table whose rows belong to an account: its `user_id` (docs/organizations.md). */
export type OwnedTable = PgTable & { id: AnyPgColumn; userId: AnyPgColumn };

/** The account a row belongs to, or undefined when there is no such row. */
export async function ownerOfRow(
  db: Database,
  table: OwnedTable,
  id: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ owner: table.userId })
    .from(table)
    .where(eq(table.id, id))
    .limit(1);
  return typeof row?.owner === 'string' ? row.owner : undefined;
}

/** Whose is the row a path parameter names (already checked to be a uuid by the scope). */
export function ownerByParam(db: Database, table: OwnedTable, param: string): OwnerLookup {
  return async (request) => {
    const id = fieldOf(request.params, param);
    return id ? ownerOfRow(db, table, id) : undefined;
  };
}

/** Whose is the row a body field names (after the body's schema checked it). */
export function ownerByBody(db: Database, table: OwnedTable, field: string): OwnerLookup {
  return async (request) => {
    const id = fieldOf(request.body, field);
    return id ? ownerOfRow(db, table, id) : undefined;
  };
}

function fieldOf(value: unknown, name: string): string | undefined {
  if (typeof value !== 'object' || value === null || !(name in value)) return undefined;
  const field: unknown = Reflect.get(value, name);
  return typeof field === 'string' ? field : undefined;
}
