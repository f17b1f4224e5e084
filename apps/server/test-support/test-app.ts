import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { buildApp, type BuildAppOptions } from '../src/app';
import type { App } from '../src/platform/http/http-app';
import {
  inMemoryDataDir,
  openDatabase,
  usePglite,
  type DatabaseHandle,
} from '../src/platform/db/database';
import { bootstrapAdmin } from '../src/modules/account/auth/admin-bootstrap';

export type DatabaseBackend = 'pglite' | 'postgres';

/**
 * For suites of what differs between the databases (queries, jobs, the change feed, locks):
 * PGlite always; PostgreSQL as well when TEST_DATABASE_URL names a server to create databases on.
 */
export function databaseBackends(): DatabaseBackend[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * For suites of what lies above the database (HTTP contracts, validation, rules): the embedded
 * default alone, since a second database would only run the same code again (README "Test it").
 */
export function embeddedBackendOnly(): DatabaseBackend[] {
  return ['pglite'];
}

/** The admin every test app starts with. */
export const testAdmin = { username: 'admin', password: 'admin-password-1' } as const;

/**
 * A database that outlives the apps opened on it, for restart tests: a PGlite directory or a
 * throwaway PostgreSQL database, removed by `dispose`.
 */
export interface TestStorage {
  backend: DatabaseBackend;
  open(): Promise<DatabaseHandle>;
  dispose(): Promise<void>;
}

export async function createTestStorage(
  backend: DatabaseBackend,
  { persistent = false }: { persistent?: boolean } = {},
): Promise<TestStorage> {
  if (backend === 'postgres') return createPostgresStorage();
  if (!persistent) {
    return { backend, open: openFreshPglite, dispose: async () => {} };
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'meridian-test-'));
  return {
    backend,
    open: () => openDatabase({ dataDir }),
    dispose: () => rm(dataDir, { recursive: true, force: true }),
  };
}

// Creating a PGlite database (its initdb) takes seconds; restoring a migrated one from a
// snapshot takes a fraction of that, so each test file makes the snapshot once.
let migratedSnapshot: Promise<File | Blob> | undefined;

async function openFreshPglite(): Promise<DatabaseHandle> {
  migratedSnapshot ??= (async () => {
    const client = await PGlite.create(inMemoryDataDir);
    const database = await usePglite(client);
    try {
      return await client.dumpDataDir('none');
    } finally {
      await database.close();
    }
  })();
  return usePglite(await PGlite.create({ loadDataDir: await migratedSnapshot }));
}

async function createPostgresStorage(): Promise<TestStorage> {
  const database = await throwawayDatabase();
  return {
    backend: 'postgres',
    open: () => openDatabase({ dataDir: inMemoryDataDir, databaseUrl: database.url }),
    dispose: database.drop,
  };
}

/** A throwaway database on TEST_DATABASE_URL's server; `drop` removes it. */
export async function throwawayDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `meridian_t_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** Runs one statement on the PostgreSQL server itself (creating or dropping databases). */
export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export interface TestAppOptions extends Partial<Omit<BuildAppOptions, 'database'>> {
  /** Storage the test manages itself (restart tests); otherwise a fresh one is made and removed. */
  storage?: TestStorage;
}

export interface TestApp {
  app: App;
  database: DatabaseHandle;
  /** Closes the app and its database; removes the storage unless the test passed its own. */
  close(): Promise<void>;
}

/** An app on a fresh database of the given backend, with `testAdmin` already created. */
export async function createTestApp(
  backend: DatabaseBackend,
  { storage: givenStorage, config, ...options }: TestAppOptions = {},
): Promise<TestApp> {
  const storage = givenStorage ?? (await createTestStorage(backend));
  const database = await storage.open();
  try {
    await bootstrapAdmin(database.db, testAdmin);
    const app = await buildApp({
      config: { webDistDir: path.join(os.tmpdir(), 'meridian-no-web-dist'), ...config },
      database,
      ...options,
    });
    return {
      app,
      database,
      async close() {
        await app.close();
        await database.close();
        if (!givenStorage) await storage.dispose();
      },
    };
  } catch (error) {
    await database.close();
    if (!givenStorage) await storage.dispose();
    throw error;
  }
}

export interface LoggedIn {
  userId: string;
  token: string;
  headers: { authorization: string; 'x-user-id': string };
}

/** Logs in through the API and returns the headers later calls carry. */
export async function logIn(
  app: App,
  username: string = testAdmin.username,
  password: string = testAdmin.password,
): Promise<LoggedIn> {
  const response = await app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { username, password },
  });
  if (response.statusCode !== 200) {
    throw new Error(`login as ${username} failed: ${response.statusCode} ${response.body}`);
  }
  const { userId, token } = response.json<{ userId: string; token: string }>();
  return { userId, token, headers: { authorization: `Bearer ${token}`, 'x-user-id': userId } };
}

/** Creates a user through the admin API and logs them in. */
export async function addUser(t: TestApp, admin: LoggedIn, username: string): Promise<LoggedIn> {
  const password = `${username}-password-1`;
  const response = await t.app.inject({
    method: 'POST',
    url: '/auth/users',
    headers: admin.headers,
    payload: { username, email: `${username}@example.ca`, password },
  });
  if (response.statusCode !== 201) {
    throw new Error(`creating ${username} failed: ${response.statusCode} ${response.body}`);
  }
  return logIn(t.app, username, password);
}
