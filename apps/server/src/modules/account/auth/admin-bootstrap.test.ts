import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import type { App } from '../../../platform/http/http-app';
import type { DatabaseHandle } from '../../../platform/db/database';
import { createTestStorage, embeddedBackendOnly, logIn } from '../../../../test-support/test-app';
import { bootstrapAdmin } from './admin-bootstrap';
import { users } from '../../../platform/db/schema/accounts';

describe.each(embeddedBackendOnly())('admin bootstrap on %s', (backend) => {
  let cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.reverse()) await step();
    cleanup = [];
  });

  async function emptyDatabase(): Promise<DatabaseHandle> {
    const storage = await createTestStorage(backend);
    const database = await storage.open();
    cleanup.push(
      () => storage.dispose(),
      () => database.close(),
    );
    return database;
  }

  async function appOn(database: DatabaseHandle): Promise<App> {
    const app = await buildApp({ config: { webDistDir: '/nonexistent' }, database });
    cleanup.push(() => app.close());
    return app;
  }

  it('creates an admin with a generated password on an empty database, once', async () => {
    const database = await emptyDatabase();
    const result = await bootstrapAdmin(database.db, { username: 'admin' });
    expect(result).toEqual({
      created: true,
      username: 'admin',
      generatedPassword: expect.stringMatching(/^[A-Za-z0-9_-]{16,}$/),
    });
    const password = result.created ? result.generatedPassword : undefined;

    const [admin] = await database.db.select().from(users);
    expect(admin).toMatchObject({ username: 'admin', email: 'admin@localhost', isAdmin: true });
    expect(admin?.passwordHash).not.toContain(password);

    expect(await bootstrapAdmin(database.db, { username: 'admin' })).toEqual({ created: false });
    expect(await bootstrapAdmin(database.db, { username: 'other' })).toEqual({ created: false });
    expect(await database.db.select().from(users)).toHaveLength(1);

    const app = await appOn(database);
    await expect(logIn(app, 'admin', password)).resolves.toMatchObject({ userId: admin?.id });
  });

  it('uses the configured password and email, and does not echo the password', async () => {
    const database = await emptyDatabase();
    const result = await bootstrapAdmin(database.db, {
      username: 'root',
      password: 'configured-password',
      email: 'ops@example.ca',
    });
    expect(result).toEqual({ created: true, username: 'root', generatedPassword: undefined });

    const app = await appOn(database);
    const login = await app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: 'root', password: 'configured-password' },
    });
    expect(login.json()).toMatchObject({ userEmail: 'ops@example.ca' });
  });
});
