import { afterEach, describe, expect, it } from 'vitest';
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
