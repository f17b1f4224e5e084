import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { App } from '../../../platform/http/http-app';
import { createTestClock } from '../../../../test-support/test-clock';
import {
  createTestApp,
  embeddedBackendOnly,
  logIn,
  testAdmin,
  type TestApp,
  type TestAppOptions,
} from '../../../../test-support/test-app';
import { commonPasswordMessage } from './password';
import { sessions } from '../../../platform/db/schema/accounts';

const minute = 60_000;

// A route other modules would write: protected by app.authenticate, reading request.user.
function whoAmI(app: App) {
  app.get('/test/whoami', { onRequest: app.authenticate }, (request) => request.user);
  app.get('/test/unprotected-user', (request) => request.user);
}

function login(app: App, payload: unknown, remoteAddress = '127.0.0.1') {
  return app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: payload as object,
    remoteAddress,
  });
}

function whoami(app: App, headers: Record<string, string>) {
  return app.inject({ method: 'GET', url: '/test/whoami', headers });
}

function createUser(app: App, headers: Record<string, string>, payload: object) {
  return app.inject({ method: 'POST', url: '/auth/users', headers, payload });
}

describe.each(embeddedBackendOnly())('auth on %s', (backend) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function start(options: TestAppOptions = {}) {
    t = await createTestApp(backend, { extend: whoAmI, ...options });
    return t.app;
  }

  describe('login', () => {
    let shared: TestApp;
    beforeAll(async () => {
      shared = await createTestApp(backend);
    });
    afterAll(() => shared.close());

    it('answers the user id, email and a random token, storing only its hash', async () => {
      const response = await login(shared.app, testAdmin);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toEqual({
        userId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        userEmail: 'admin@localhost',
        token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      });

      const stored = await shared.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, body.userId));
      const hashes = stored.map((s) => s.tokenHash);
      expect(hashes).toContain(createHash('sha256').update(body.token).digest('hex'));
      expect(hashes).not.toContain(body.token);

      const again = (await login(shared.app, testAdmin)).json();
      expect(again.token).not.toBe(body.token);
    });

    it('accepts the username whatever its case', async () => {
      const response = await login(shared.app, { ...testAdmin, username: 'ADMIN' });
      expect(response.statusCode).toBe(200);
    });

    it('asks for a username and a password with the spec messages', async () => {
      const empty = await login(shared.app, {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({
        message: 'Validation failed',
        errors: ['Please enter a username', 'Please enter a password'],
      });

      const noBody = await shared.app.inject({ method: 'POST', url: '/auth/login' });
      expect(noBody.statusCode).toBe(400);
      expect(noBody.json().errors).toEqual(['Please enter a username', 'Please enter a password']);

      const noPassword = await login(shared.app, { username: 'admin', password: '' });
      expect(noPassword.statusCode).toBe(400);
      expect(noPassword.json().errors).toEqual(['Please enter a password']);
    });

    it('gives the same 401 for an unknown user and a wrong password', async () => {
      const unknownUser = await login(shared.app, { username: 'nobody', password: 'whatever1' });
      const wrongPassword = await login(shared.app, { username: 'admin', password: 'whatever1' });
      for (const response of [unknownUser, wrongPassword]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ message: 'Invalid username or password' });
      }
    });
  });

  describe('authentication', () => {
    it('lets a request in with the bearer token and the matching x-user-id', async () => {
      const app = await start();
      const { headers, userId } = await logIn(app);
      const response = await whoami(app, headers);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: userId,
        username: 'admin',
        email: 'admin@localhost',
        isAdmin: true,
      });
    });

    it('answers 401 for missing, mismatched or unknown credentials', async () => {
      const app = await start();
      const { headers, token, userId } = await logIn(app);
      const other = await createUser(app, headers, {
        username: 'ada',
        email: 'ada@example.ca',
        password: 'ada-password',
      });
      const adaId: string = other.json().userId;

      const attempts: Record<string, string>[] = [
        {},
        { 'x-user-id': userId },
        { authorization: `Bearer ${token}` },
        { authorization: `Bearer ${token}`, 'x-user-id': adaId },
        { authorization: `Bearer ${token}`, 'x-user-id': 'not-a-uuid' },
        { authorization: `Bearer ${'A'.repeat(43)}`, 'x-user-id': userId },
        { authorization: 'Bearer not-a-token', 'x-user-id': userId },
        { authorization: `Basic ${token}`, 'x-user-id': userId },
        { authorization: `ApiKey ${token}`, 'x-user-id': userId },
        { authorization: `Bearer ${token} extra`, 'x-user-id': userId },
        { authorization: `constructor ${token}`, 'x-user-id': userId },
      ];
      for (const attempt of attempts) {
        const response = await whoami(app, attempt);
        expect(response.statusCode, JSON.stringify(attempt)).toBe(401);
        expect(response.json()).toEqual({ message: 'Unauthorized' });
      }
    });

    it('tells the console whose session it holds, until the session ends', async () => {
      const app = await start();
      const { headers, userId } = await logIn(app);
      const session = await app.inject({ method: 'GET', url: '/auth/session', headers });
      expect(session.statusCode).toBe(200);
      expect(session.json()).toEqual({
        userId,
        username: 'admin',
        email: 'admin@localhost',
        isAdmin: true,
        locale: null,
      });
      await app.inject({ method: 'POST', url: '/auth/logout', headers });
      const ended = await app.inject({ method: 'GET', url: '/auth/session', headers });
      expect(ended.statusCode).toBe(401);
    });

    it('refuses to hand request.user to a route that did not authenticate', async () => {
      const app = await start();
      const { headers } = await logIn(app);
      const response = await app.inject({ method: 'GET', url: '/test/unprotected-user', headers });
      expect(response.statusCode).toBe(401);
    });

    it('revokes the token on logout, leaving the user’s other sessions alone', async () => {
      const app = await start();
      const first = await logIn(app);
      const second = await logIn(app);

      const logout = await app.inject({
        method: 'POST',
        url: '/auth/logout',
        headers: first.headers,
      });
      expect(logout.statusCode).toBe(200);
      expect(logout.json()).toEqual({ status: 'success' });

      expect((await whoami(app, first.headers)).statusCode).toBe(401);
      const again = await app.inject({
        method: 'POST',
        url: '/auth/logout',
        headers: first.headers,
      });
      expect(again.statusCode).toBe(401);
      expect((await whoami(app, second.headers)).statusCode).toBe(200);
    });

    it('clears the user’s dead sessions at their next login, keeping the live ones', async () => {
      const clock = createTestClock();
      const app = await start({
        now: clock.now,
        auth: { sessionPolicy: { idleTimeoutMs: 10 * minute, absoluteLifetimeMs: 60 * minute } },
      });
      const loggedOut = await logIn(app);
      await app.inject({ method: 'POST', url: '/auth/logout', headers: loggedOut.headers });
      await logIn(app);
      clock.advance(5 * minute);
      const recent = await logIn(app);
      clock.advance(6 * minute);
      // Now: one revoked, one idle for 11 minutes, one idle for 6 — the last stays.
      const live = await logIn(app);
      const left = await t!.database.db.select({ id: sessions.id }).from(sessions);
      expect(left).toHaveLength(2);
      expect((await whoami(app, recent.headers)).statusCode).toBe(200);
      expect((await whoami(app, live.headers)).statusCode).toBe(200);
    });

    it('expires a session left idle, and writes last_seen_at at most once a minute', async () => {
      const clock = createTestClock();
      const app = await start({
        now: clock.now,
        auth: { sessionPolicy: { idleTimeoutMs: 10 * minute, absoluteLifetimeMs: 60 * minute } },
      });
      const { headers } = await logIn(app);
      const lastSeen = async () => {
        const [session] = await t!.database.db.select().from(sessions);
        return session?.lastSeenAt.getTime();
      };
      const loggedInAt = clock.now().getTime();

      clock.advance(30_000);
      expect((await whoami(app, headers)).statusCode).toBe(200);
      expect(await lastSeen()).toBe(loggedInAt);

      clock.advance(9 * minute);
      expect((await whoami(app, headers)).statusCode).toBe(200);
      expect(await lastSeen()).toBe(clock.now().getTime());

      clock.advance(10 * minute - 1);
      expect((await whoami(app, headers)).statusCode).toBe(200);

      clock.advance(10 * minute);
      expect((await whoami(app, headers)).statusCode).toBe(401);
    });

    it('expires a session at its absolute lifetime however much it is used', async () => {
      const clock = createTestClock();
      const app = await start({
        now: clock.now,
        auth: { sessionPolicy: { idleTimeoutMs: 10 * minute, absoluteLifetimeMs: 30 * minute } },
      });
      const { headers } = await logIn(app);
      for (let elapsed = 5; elapsed < 30; elapsed += 5) {
        clock.advance(5 * minute);
        expect((await whoami(app, headers)).statusCode, `after ${elapsed} min`).toBe(200);
      }
      clock.advance(5 * minute);
      expect((await whoami(app, headers)).statusCode).toBe(401);
      expect((await logIn(app)).token).toBeTruthy();
    });
  });

  describe('user creation', () => {
    it('lets an admin create a user, who can then log in', async () => {
      const app = await start();
      const admin = await logIn(app);
      const response = await createUser(app, admin.headers, {
        username: ' ada ',
        email: 'ada@example.ca',
        password: 'ada-password',
      });
      expect(response.statusCode).toBe(201);
      const user = response.json();
      expect(user).toEqual({
        userId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        username: 'ada',
        email: 'ada@example.ca',
        isAdmin: false,
        createdAt: expect.any(String),
      });
      expect(new Date(user.createdAt).toISOString()).toBe(user.createdAt);

      const ada = await logIn(app, 'ada', 'ada-password');
      expect(ada.userId).toBe(user.userId);
      expect((await whoami(app, ada.headers)).json().isAdmin).toBe(false);
    });

    it('forbids anyone but an admin', async () => {
      const app = await start();
      const admin = await logIn(app);
      await createUser(app, admin.headers, {
        username: 'ada',
        email: 'ada@example.ca',
        password: 'ada-password',
      });
      const ada = await logIn(app, 'ada', 'ada-password');
      const response = await createUser(app, ada.headers, {
        username: 'mallory',
        email: 'm@example.ca',
        password: 'mallory-password',
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'Forbidden' });

      const anonymous = await createUser(
        app,
        {},
        { username: 'x', email: 'x@x.ca', password: 'x' },
      );
      expect(anonymous.statusCode).toBe(401);
    });

    it('refuses a username already taken, whatever its case', async () => {
      const app = await start();
      const admin = await logIn(app);
      const ada = { username: 'ada', email: 'ada@example.ca', password: 'ada-password' };
      expect((await createUser(app, admin.headers, ada)).statusCode).toBe(201);
      for (const username of ['ada', 'ADA', 'admin']) {
        const response = await createUser(app, admin.headers, { ...ada, username });
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({ message: 'This username is already taken' });
      }
    });

    it('checks the body with the shared rules', async () => {
      const app = await start();
      const admin = await logIn(app);
      const response = await createUser(app, admin.headers, {
        username: 'ada',
        email: 'nope',
        password: 'short',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'Validation failed',
        errors: ['This is not a valid email', 'Password must be at least 8 characters'],
      });
    });

    it('refuses the most common breached passwords, whatever their case', async () => {
      const app = await start();
      const admin = await logIn(app);
      for (const password of ['password', 'Password1', '12345678', 'QWERTYUIOP']) {
        const response = await createUser(app, admin.headers, {
          username: 'ada',
          email: 'ada@example.ca',
          password,
        });
        expect([response.statusCode, response.json().errors], password).toEqual([
          400,
          [commonPasswordMessage],
        ]);
      }
    });

    it('refuses NUL characters and overlong values with the field messages', async () => {
      const app = await start();
      const admin = await logIn(app);
      const nul = await createUser(app, admin.headers, {
        username: 'ada',
        email: 'ada@example.ca',
        password: 'ada-pass\u0000word',
      });
      expect(nul.json().errors).toEqual(['Please enter a password']);
      const keyName = await app.inject({
        method: 'POST',
        url: '/auth/api_key',
        headers: admin.headers,
        payload: { name: 'a\u0000b' },
      });
      expect([keyName.statusCode, keyName.json().errors]).toEqual([400, ['Please provide a name']]);
      const username = await login(app, { username: 'a\u0000b', password: 'x' });
      expect([username.statusCode, username.json().errors]).toEqual([
        400,
        ['Please enter a username'],
      ]);
    });
  });

  describe('rate limiting', () => {
    it('limits login requests per IP whatever the username', async () => {
      const app = await start({ auth: { loginThrottle: { perAddress: 3 } } });
      for (let i = 0; i < 3; i++) {
        const response = await login(app, { username: `user${i}`, password: 'x' }, '10.0.0.1');
        expect(response.statusCode).toBe(401);
      }
      const limited = await login(app, testAdmin, '10.0.0.1');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(/^Too many attempts — try again in \d+ s$/);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

      expect((await login(app, testAdmin, '10.0.0.2')).statusCode).toBe(200);
    });

    it('makes one IP wait for a username after repeated failures, and says for how long', async () => {
      // The throttle's counts expire by the wall clock (they live in the database).
      vi.useFakeTimers({ toFake: ['Date'] });
      onTestFinished(() => void vi.useRealTimers());
      const app = await start({ auth: { loginThrottle: { perAddress: 1000 } } });
      const wrong = { username: 'admin', password: 'wrong-password' };
      for (let i = 0; i < 4; i++) {
        expect((await login(app, wrong, '10.0.0.1')).statusCode).toBe(401);
      }
      const blocked = await login(app, testAdmin, '10.0.0.1');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ message: 'Too many attempts — try again in 1 s' });
      expect(blocked.headers['retry-after']).toBe('1');

      // The owner elsewhere is never kept out.
      expect((await login(app, testAdmin, '10.0.0.2')).statusCode).toBe(200);

      // The wait doubles with each failure, and never passes a minute.
      for (let i = 0; i < 12; i++) {
        vi.advanceTimersByTime(minute);
        expect((await login(app, wrong, '10.0.0.1')).statusCode).toBe(401);
      }
      const longest = await login(app, testAdmin, '10.0.0.1');
      expect(longest.json()).toEqual({ message: 'Too many attempts — try again in 60 s' });
      vi.advanceTimersByTime(minute);
      expect((await login(app, testAdmin, '10.0.0.1')).statusCode).toBe(200);
    });

    it('clears an IP’s failures when it logs in', async () => {
      const app = await start({ auth: { loginThrottle: { perAddress: 1000 } } });
      const wrong = { username: 'admin', password: 'wrong-password' };
      for (const expected of [401, 401, 401, 200, 401, 401, 401, 200]) {
        const payload = expected === 200 ? testAdmin : wrong;
        expect((await login(app, payload, '10.0.0.1')).statusCode).toBe(expected);
      }
    });

    it('takes the client address from X-Forwarded-For only when a listed proxy sends it', async () => {
      const viaProxy = (app: App, payload: object, forwardedFor: string) =>
        app.inject({
          method: 'POST',
          url: '/auth/login',
          payload,
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': forwardedFor },
        });
      const wrong = { username: 'nobody', password: 'wrong-password' };
      const proxied = await start({
        auth: { loginThrottle: { perAddress: 2 } },
        http: { trustProxy: ['127.0.0.1'] },
      });
      expect((await viaProxy(proxied, wrong, '203.0.113.1')).statusCode).toBe(401);
      expect((await viaProxy(proxied, wrong, '203.0.113.1')).statusCode).toBe(401);
      expect((await viaProxy(proxied, testAdmin, '203.0.113.1')).statusCode).toBe(429);
      // Each user behind the proxy is counted alone, so the owner elsewhere still gets in.
      expect((await viaProxy(proxied, testAdmin, '203.0.113.2')).statusCode).toBe(200);
      await t?.close();

      // Without a listed proxy the header is anyone's to forge, so it is not believed.
      const direct = await start({ auth: { loginThrottle: { perAddress: 2 } } });
      expect((await viaProxy(direct, wrong, '203.0.113.1')).statusCode).toBe(401);
      expect((await viaProxy(direct, wrong, '203.0.113.2')).statusCode).toBe(401);
      expect((await viaProxy(direct, testAdmin, '203.0.113.3')).statusCode).toBe(429);
    });

    it('never locks a username out for its owner, however many IPs guess at it', async () => {
      const app = await start({ auth: { loginThrottle: { perAddress: 1000 } } });
      const wrong = { username: 'admin', password: 'wrong-password' };
      for (let i = 1; i <= 60; i++) {
        expect((await login(app, wrong, `10.0.${i % 8}.${i}`)).statusCode).toBe(401);
      }
      expect((await login(app, testAdmin, '192.0.2.7')).statusCode).toBe(200);
    });
  });
});
