import { userAdminMessages, type AdminUser } from '@meridian/domain/auth/user-admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUser,
  databaseBackends,
  logIn,
  type LoggedIn,
  type TestApp,
  createTestApp,
} from '../../../../test-support/test-app';

// Issue 37: the installation admin's Users page — list, disable, enable, reset a password.
describe.each(databaseBackends())('the users an installation admin manages on %s', (backend) => {
  let t: TestApp;
  let admin: LoggedIn;
  let bob: LoggedIn;
  let bobKey: Record<string, string>;

  const call = (
    user: LoggedIn | Record<string, string>,
    method: string,
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: 'headers' in user ? (user.headers as Record<string, string>) : user,
      ...(payload ? { payload } : {}),
    });
  const login = (password: string) =>
    t.app.inject({ method: 'POST', url: '/auth/login', payload: { username: 'bob', password } });

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await logIn(t.app);
    bob = await addUser(t, admin, 'bob');
    const key = (await call(bob, 'POST', '/auth/api_key', { name: 'ci' })).json<{ key: string }>();
    bobKey = { authorization: `ApiKey ${key.key}`, 'x-user-id': bob.userId };
  });
  afterAll(() => t?.close());

  it('lists every person to the admin only', async () => {
    const page = await call(admin, 'GET', '/auth/users?limit=10');
    const listed = page.json<{ items: AdminUser[]; total: number }>();
    expect(listed.items.map((user) => [user.username, user.disabled])).toEqual([
      ['admin', false],
      ['bob', false],
    ]);
    expect(listed.total).toBe(2);
    const refused = await call(bob, 'GET', '/auth/users');
    expect([refused.statusCode, refused.json().message]).toEqual([
      403,
      userAdminMessages.adminOnly,
    ]);
  });

  it('disables an account: its session, its login and its API key are refused until enabled', async () => {
    const self = await call(admin, 'PUT', `/auth/users/${admin.userId}`, { disabled: true });
    expect([self.statusCode, self.json().errors]).toEqual([400, [userAdminMessages.notYourself]]);
    const disabled = await call(admin, 'PUT', `/auth/users/${bob.userId}`, { disabled: true });
    expect(disabled.json<AdminUser>().disabled).toBe(true);

    expect((await call(bob, 'GET', '/auth/session')).statusCode).toBe(401);
    const keyed = await call(bobKey, 'GET', '/meridian/v1/kube/apps');
    expect([keyed.statusCode, keyed.json().message]).toEqual([401, userAdminMessages.disabled]);
    const refused = await login('bob-password-1');
    expect([refused.statusCode, refused.json().message]).toEqual([401, userAdminMessages.disabled]);

    await call(admin, 'PUT', `/auth/users/${bob.userId}`, { disabled: false });
    expect((await login('bob-password-1')).statusCode).toBe(200);
    expect((await call(bobKey, 'GET', '/meridian/v1/kube/apps')).statusCode).toBe(200);
  });

  it('resets a password: the old one and every session end', async () => {
    const session = await logIn(t.app, 'bob', 'bob-password-1');
    const weak = await call(admin, 'POST', `/auth/users/${bob.userId}/password`, {
      new_password: 'password',
    });
    expect(weak.statusCode).toBe(400);
    const reset = await call(admin, 'POST', `/auth/users/${bob.userId}/password`, {
      new_password: 'a-fresh-start-42',
    });
    expect(reset.statusCode).toBe(200);
    expect((await call(session, 'GET', '/auth/session')).statusCode).toBe(401);
    expect((await login('bob-password-1')).statusCode).toBe(401);
    expect((await login('a-fresh-start-42')).statusCode).toBe(200);
    expect(
      (await call(admin, 'PUT', `/auth/users/${crypto.randomUUID()}`, { disabled: true }))
        .statusCode,
    ).toBe(404);
  });
});
