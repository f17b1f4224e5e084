import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * Every row of every table of a stopped server's PGlite, as text: what the raw files hold
 * compressed (TOAST) is read here decompressed, as `pg_dump` shows it for PostgreSQL.
 */
export async function dumpPglite(dataDir: string): Promise<Buffer> {
  const db = await PGlite.create(path.join(dataDir, 'pglite'));
  try {
    const tables = await db.query<{ name: string }>(
      `SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables
       WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    const parts: string[] = [];
    for (const { name } of tables.rows) {
      const rows = await db.query<{ row: string }>(`SELECT t::text AS row FROM ${name} t`);
      parts.push(name, ...rows.rows.map((entry) => entry.row));
    }
    return Buffer.from(parts.join('\n'));
  } finally {
    await db.close();
  }
}
