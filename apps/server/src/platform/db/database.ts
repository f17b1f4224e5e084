import { readFileSync } from 'node:fs';
import { mkdir, readFile, readdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { PreparedQuery } from 'drizzle-orm/session';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { readDrizzleTypesAsText } from './pglite-parsers';
import { createStatementPlanner, type StatementPlanner } from './planned-statements';
import * as accounts from './schema/accounts';
import * as alerts from './schema/alerts';
import * as apps from './schema/apps';
import * as clusters from './schema/clusters';
import * as domains from './schema/domains';
import * as metering from './schema/metering';
import * as platform from './schema/platform';

/**
 * The database every module queries: the common Postgres-dialect type of both drivers, so one
 * piece of query code runs on the embedded PGlite and on a PostgreSQL server alike.
 */
const schema = {
  ...accounts,
  ...alerts,
  ...clusters,
  ...apps,
  ...domains,
  ...metering,
  ...platform,
};

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The connection under the drizzle database, for what drizzle does not cover (jobs, LISTEN). */
export type DatabaseDriver =
  { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool; url: string };

export interface DatabaseHandle {
  db: Database;
  driver: DatabaseDriver;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PGlite keeps its files in `<dataDir>/pglite`; `memory://` keeps them in memory (tests). */
  dataDir: string;
  /** PostgreSQL to use instead of PGlite. */
  databaseUrl?: string;
  /** Told about errors of idle pooled connections, which would otherwise crash the process. */
  onPoolError?: (error: Error) => void;
  /** What a new PGlite data directory starts from; default the one built with the bundle. */
  template?: () => Promise<Blob | undefined>;
}

export const inMemoryDataDir = 'memory://';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

// Any number of server processes may start together on one PostgreSQL; the first applies the
// migrations while the others wait on this lock (an arbitrary constant shared by all of them).
const migrationLockId = 7_300_417_001;

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.onPoolError)
    : openPglite(options.dataDir, options.template ?? databaseTemplate);
}

/** The version of PGlite in use: a data directory is only good for the PGlite that made it. */
function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = path.join(path.dirname(entry), '..', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/**
 * The migrated, empty data directory made with the server's bundle (scripts/build-server.mjs
 * `databaseTemplate`, the same name): a new data directory starts from it instead of running
 * initdb, about 3.5 s of CPU (docs/scale.md "Start-up"). Undefined when there is none.
 */
async function databaseTemplate(): Promise<Blob | undefined> {
  const file = fileURLToPath(
    new URL(`../../../dist/pglite-template-${pgliteVersion()}.tar.gz`, import.meta.url),
  );
  return readFile(file).then(
    (bytes) => new Blob([bytes]),
    () => undefined,
  );
}

async function openPglite(
  dataDir: string,
  templateOf: () => Promise<Blob | undefined>,
): Promise<DatabaseHandle> {
  if (dataDir === inMemoryDataDir) return usePglite(await PGlite.create(inMemoryDataDir));
  const location = path.join(dataDir, 'pglite');
  const fresh = (await readdir(location).catch(() => [])).length === 0;
  await mkdir(location, { recursive: true });
  const template = fresh ? await templateOf() : undefined;
  if (template) {
    try {
      return await usePglite(await PGlite.create(location, { loadDataDir: template }));
    } catch {
      // A template this PGlite cannot read: start from initdb, as without one.
      await rm(location, { recursive: true, force: true });
      await mkdir(location, { recursive: true });
    }
  }
  return usePglite(await PGlite.create(location));
}

// The planner of each PGlite database, so `planOnce` can register statements with it.
const planners = new WeakMap<Database, StatementPlanner>();

/**
 * `query.prepare(name)`, planned once on either database: PostgreSQL does so per connection for a
 * named statement; on PGlite the statement is registered with its planner (planned-statements.ts).
 * For the hottest reads only: each name holds a plan for the life of the database.
 */
export function planOnce<P extends PreparedQuery & { getQuery(): { sql: string } }>(
  db: Database,
  name: string,
  query: { prepare(name: string): P },
): P {
  const statement = query.prepare(name);
  planners.get(db)?.planOnce(name, statement.getQuery().sql);
  return statement;
}

/** Wraps an open PGlite (e.g. one restored from a snapshot) and migrates it; closes it on failure. */
export async function usePglite(client: PGlite): Promise<DatabaseHandle> {
  readDrizzleTypesAsText(client);
  const planner = createStatementPlanner(client);
  const db = drizzlePglite({ client: planner.client, schema });
  planners.set(db, planner);
  try {
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await client.close();
    throw error;
  }
  return { db, driver: { kind: 'pglite', client }, close: () => client.close() };
}

async function openPostgres(
  databaseUrl: string,
  onPoolError: ((error: Error) => void) | undefined,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl });
  pool.on('error', onPoolError ?? (() => {}));
  const db = drizzleNodePg({ client: pool, schema });
  try {
    const lockClient = await pool.connect();
    try {
      await lockClient.query('SELECT pg_advisory_lock($1)', [migrationLockId]);
      await migrateNodePg(db, { migrationsFolder });
    } finally {
      await lockClient.query('SELECT pg_advisory_unlock($1)', [migrationLockId]).catch(() => {});
      lockClient.release();
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  return { db, driver: { kind: 'postgres', pool, url: databaseUrl }, close: () => pool.end() };
}
