import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../platform/http/http-app';
import {
  createTestApp,
  embeddedBackendOnly,
  logIn,
  type LoggedIn,
  type TestApp,
} from '../../../../test-support/test-app';
import { hashApiKey } from './api-key.service';
import { apiKeys } from '../../../platform/db/schema/accounts';

type Headers = Record<string, string>;

function createKey(app: App, headers: Headers, payload: unknown) {
  return app.inject({ method: 'POST', url: '/auth/api_key', headers, payload: payload as object });
}

function listKeys(app: App, headers: Headers) {
  return app.inject({ method: 'GET', url: '/auth/api_key', headers });
}

function revokeKey(app: App, headers: Headers, name: string) {
  return app.inject({ method: 'DELETE', url: '/auth/api_key', headers, payload: { name } });
}

function session(app: App, headers: Headers) {
  return app.inject({ method: 'GET', url: '/auth/session', headers });
}

/** A key as listed: without scopes, expiry or organisation (today's behaviour). */
function listed(name: string, lastUsedAt: unknown = null) {
  return {
    name,
    created_at: expect.any(String),
    scopes: [],
    expires_at: null,
    last_used_at: lastUsedAt,
    organization_uuid: null,
  };
}

function apiKeyHeaders(key: string, userId: string): Headers {
  return { authorization: `ApiKey ${key}`, 'x-user-id': userId };
}

describe.each(embeddedBackendOnly())('API keys on %s', (backend) => {
  let t: TestApp;
  let admin: LoggedIn;
  let other: LoggedIn;

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await logIn(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/auth/users',
      headers: admin.headers,
      payload: { username: 'ci-user', email: 'ci@example.com', password: 'ci-password-1' },
    });
    expect(created.statusCode).toBe(201);
    other = await logIn(t.app, 'ci-user', 'ci-password-1');
  });
  afterAll(() => t.close());

  it('creates a key shown once, stores only its hash and lists names newest first', async () => {
    const first = await createKey(t.app, admin.headers, { name: '  deploy-bot  ' });
    expect(first.statusCode).toBe(200);
    const body = first.json<{ name: string; key: string }>();
    expect(body).toEqual({ name: 'deploy-bot', key: expect.stringMatching(/^mk_[\w-]{43}$/) });

    const stored = await t.database.db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.userId, admin.userId));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.keyHash).toBe(hashApiKey(body.key));
    expect(JSON.stringify(stored)).not.toContain(body.key);

    const second = await createKey(t.app, admin.headers, { name: 'release' });
    expect(second.json().key).not.toBe(body.key);

    const list = await listKeys(t.app, admin.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      keys: [listed('release'), listed('deploy-bot')],
    });
    expect(list.body).not.toContain(body.key);
    expect(list.body).not.toContain('mk_');

    expect((await revokeKey(t.app, admin.headers, 'release')).json()).toEqual({
      status: 'success',
    });
    expect((await revokeKey(t.app, admin.headers, 'deploy-bot')).statusCode).toBe(200);
    expect((await listKeys(t.app, admin.headers)).json()).toEqual({ keys: [] });
  });

  it('refuses a duplicate name with 409, and frees the name once revoked', async () => {
    expect((await createKey(t.app, admin.headers, { name: 'dup' })).statusCode).toBe(200);
    const again = await createKey(t.app, admin.headers, { name: ' dup ' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'An API key with this name already exists' });

    // Another user may use the same name.
    expect((await createKey(t.app, other.headers, { name: 'dup' })).statusCode).toBe(200);

    expect((await revokeKey(t.app, admin.headers, 'dup')).statusCode).toBe(200);
    expect((await createKey(t.app, admin.headers, { name: 'dup' })).statusCode).toBe(200);
    await revokeKey(t.app, admin.headers, 'dup');
    await revokeKey(t.app, other.headers, 'dup');
  });

  it('validates the name with the spec message', async () => {
    for (const payload of [{}, { name: '' }, { name: '   ' }, { name: 7 }]) {
      const response = await createKey(t.app, admin.headers, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'Validation failed',
        errors: ['Please provide a name'],
      });
    }
    const empty = await t.app.inject({
      method: 'POST',
      url: '/auth/api_key',
      headers: admin.headers,
    });
    expect(empty.statusCode).toBe(400);
    const long = await createKey(t.app, admin.headers, { name: 'x'.repeat(51) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual(['Name must be at most 50 characters']);
    expect((await createKey(t.app, admin.headers, { name: 'x'.repeat(50) })).statusCode).toBe(200);
    await revokeKey(t.app, admin.headers, 'x'.repeat(50));
  });

  it("keeps users apart: another user can neither see nor revoke one's keys", async () => {
    const { key } = (await createKey(t.app, admin.headers, { name: 'mine' })).json();
    expect((await listKeys(t.app, other.headers)).json()).toEqual({ keys: [] });
    const revoke = await revokeKey(t.app, other.headers, 'mine');
    expect(revoke.statusCode).toBe(404);
    expect((await revokeKey(t.app, admin.headers, 'never-created')).statusCode).toBe(404);

    // Nor act as its owner with it: x-user-id must name the key's user.
    expect((await session(t.app, apiKeyHeaders(key, other.userId))).statusCode).toBe(401);
    expect((await session(t.app, apiKeyHeaders(key, admin.userId))).statusCode).toBe(200);
    await revokeKey(t.app, admin.headers, 'mine');
  });

  it('authenticates ApiKey requests as the key user, and refuses a revoked key at once', async () => {
    const { key } = (await createKey(t.app, other.headers, { name: 'ci' })).json();

    const who = await session(t.app, apiKeyHeaders(key, other.userId));
    expect(who.statusCode).toBe(200);
    expect(who.json()).toMatchObject({ userId: other.userId, username: 'ci-user' });

    // Scheme names are case-insensitive; unknown or malformed keys are refused.
    expect(
      (await session(t.app, { authorization: `apikey ${key}`, 'x-user-id': other.userId }))
        .statusCode,
    ).toBe(200);
    expect((await session(t.app, apiKeyHeaders(`${key}x`, other.userId))).statusCode).toBe(401);
    expect(
      (await session(t.app, apiKeyHeaders(`mk_${'A'.repeat(43)}`, other.userId))).statusCode,
    ).toBe(401);
    expect((await session(t.app, { authorization: `ApiKey ${key}` })).statusCode).toBe(401);
    // A key is not a bearer token and a token is not a key.
    expect(
      (await session(t.app, { ...other.headers, authorization: `Bearer ${key}` })).statusCode,
    ).toBe(401);
    expect((await session(t.app, apiKeyHeaders(other.token, other.userId))).statusCode).toBe(401);

    expect((await revokeKey(t.app, other.headers, 'ci')).statusCode).toBe(200);
    const after = await session(t.app, apiKeyHeaders(key, other.userId));
    expect(after.statusCode).toBe(401);
  });

  it('answers 403 when an API key tries to manage keys, sessions or accounts', async () => {
    const { key } = (await createKey(t.app, admin.headers, { name: 'limited' })).json();
    const headers = apiKeyHeaders(key, admin.userId);
    const forbidden = { message: 'This action requires a console session, not an API key' };

    for (const response of [
      await listKeys(t.app, headers),
      await createKey(t.app, headers, { name: 'minted' }),
      await revokeKey(t.app, headers, 'limited'),
      await t.app.inject({ method: 'POST', url: '/auth/logout', headers }),
      await t.app.inject({
        method: 'POST',
        url: '/auth/users',
        headers,
        payload: { username: 'sneaky', email: 'sneaky@example.com', password: 'sneaky-pass-1' },
      }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(forbidden);
    }
    // Nothing was changed, and the key still works where keys are allowed.
    expect((await listKeys(t.app, admin.headers)).json().keys).toEqual([
      listed('limited', expect.any(String)),
    ]);
    expect((await session(t.app, headers)).statusCode).toBe(200);
    await revokeKey(t.app, admin.headers, 'limited');
  });

  it('refuses key management without credentials', async () => {
    expect((await listKeys(t.app, {})).statusCode).toBe(401);
    expect((await createKey(t.app, {}, { name: 'x' })).statusCode).toBe(401);
    expect((await revokeKey(t.app, {}, 'x')).statusCode).toBe(401);
  });
});
