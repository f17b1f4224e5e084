import { eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
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

/** Whose is the id a request carries in its path, query or body (after its schema checked it). */
export function ownerAt(
  part: 'params' | 'query' | 'body',
  field: string,
  ownerOf: (id: string) => Promise<string | undefined>,
): OwnerLookup {
  return async (request: FastifyRequest) => {
    const id = fieldOf(request[part], field);
    return id ? ownerOf(id) : undefined;
  };
}

/** Whose is the row of the context's own `table` a path parameter names. */
export function ownerByParam(db: Database, table: OwnedTable, param: string): OwnerLookup {
  return ownerAt('params', param, (id) => ownerOfRow(db, table, id));
}

/** Whose is the row of the context's own `table` a body field names. */
export function ownerByBody(db: Database, table: OwnedTable, field: string): OwnerLookup {
  return ownerAt('body', field, (id) => ownerOfRow(db, table, id));
}

function fieldOf(value: unknown, name: string): string | undefined {
  if (typeof value !== 'object' || value === null || !(name in value)) return undefined;
  const field: unknown = Reflect.get(value, name);
  // A list of ids (`DELETE /apps/deployment`) belongs to whoever its first id belongs to; the
  // route's own lookup under that account refuses any id of another.
  const first: unknown = Array.isArray(field) ? field[0] : field;
  return typeof first === 'string' ? first : undefined;
}
