import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, usePglite } from './database';
import type { App } from '../http/http-app';
import {
  createTestApp,
  createTestStorage,
  databaseBackends,
  logIn,
  type TestApp,
  type TestStorage,
} from '../../../test-support/test-app';

function whoAmI(app: App) {
  app.get('/test/whoami', { onRequest: app.authenticate }, (request) => request.user);
}

describe.each(databaseBackends())('database on %s', (backend) => {
  let storage: TestStorage | undefined;
  let running: TestApp | undefined;
  afterEach(async () => {
    await running?.close();
    await storage?.dispose();
    running = storage = undefined;
  });

  it('keeps users and sessions across a restart', async () => {
    storage = await createTestStorage(backend, { persistent: true });

    running = await createTestApp(backend, { storage, extend: whoAmI });
    const admin = await logIn(running.app);
    const created = await running.app.inject({
      method: 'POST',
      url: '/auth/users',
      headers: admin.headers,
      payload: { username: 'ada', email: 'ada@example.ca', password: 'ada-password' },
    });
    expect(created.statusCode).toBe(201);
    const ada = await logIn(running.app, 'ada', 'ada-password');
    await running.close();

    // Opening again finds the schema migrated and applies nothing twice.
    running = await createTestApp(backend, { storage, extend: whoAmI });
    const again = await logIn(running.app, 'ada', 'ada-password');
    expect(again.userId).toBe(ada.userId);

    const response = await running.app.inject({
      method: 'GET',
      url: '/test/whoami',
      headers: ada.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: ada.userId, username: 'ada' });
  });
});

describe('a new PGlite data directory', () => {
  /** A migrated database with a marker row, dumped as a template. */
  async function markedTemplate(): Promise<Blob> {
    const handle = await usePglite(await PGlite.create());
    await handle.db.execute(sql`CREATE TABLE template_marker (made text)`);
    await handle.db.execute(sql`INSERT INTO template_marker VALUES ('from the template')`);
    if (handle.driver.kind !== 'pglite') throw new Error('not PGlite');
    const dump = await handle.driver.client.dumpDataDir('gzip');
    await handle.close();
    return dump;
  }

  /** Whether the database holds the template's marker, and the migrated schema. */
  const opened = async (dataDir: string, template: Blob) => {
    const handle = await openDatabase({ dataDir, template: async () => template });
    try {
      if (handle.driver.kind !== 'pglite') throw new Error('not PGlite');
      const { rows } = await handle.driver.client.query<{ marked: boolean; migrated: boolean }>(
        `SELECT to_regclass('template_marker') IS NOT NULL AS marked,
                to_regclass('users') IS NOT NULL AS migrated`,
      );
      return rows[0];
    } finally {
      await handle.close();
    }
  };

  it('starts from the template, migrated; an existing one and a broken template do not', async () => {
    const dirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-template-')));
    try {
      const template = await markedTemplate();
      expect(await opened(dirs[0]!, template)).toEqual({ marked: true, migrated: true });
      // Opened again with another template, it keeps its own data.
      expect(await opened(dirs[0]!, new Blob([Buffer.from('not a tarball')]))).toEqual({
        marked: true,
        migrated: true,
      });
      // A template this PGlite cannot read: initdb and the migrations, as without one.
      expect(await opened(dirs[1]!, new Blob([Buffer.from('not a tarball')]))).toEqual({
        marked: false,
        migrated: true,
      });
    } finally {
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
