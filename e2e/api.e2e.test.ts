import { describe, expect, it } from 'vitest';
import { adminCredentials } from './support/credentials';
import { sharedServerUrl } from './support/meridian-server';

const baseUrl = sharedServerUrl();

async function login(username: string, password: string) {
  const response = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('control plane over real HTTP', () => {
  it('logs the admin in and lets the admin create a user who can log in', async () => {
    const admin = await login(adminCredentials.username, adminCredentials.password);
    expect(admin.status).toBe(200);
    const { token, userId } = admin.body as { token: string; userId: string };

    const username = `dev-${Date.now()}`;
    const created = await fetch(`${baseUrl}/auth/users`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'x-user-id': userId,
      },
      body: JSON.stringify({
        username,
        email: `${username}@example.ca`,
        password: 'a-long-password',
      }),
    });
    expect(created.status).toBe(201);

    const user = await login(username, 'a-long-password');
    expect(user.status).toBe(200);
    expect(user.body.userEmail).toBe(`${username}@example.ca`);
  });

  it('answers bad input with the error contract, never a 5xx', async () => {
    const missing = await login('', '');
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual(['Please enter a username', 'Please enter a password']);

    const wrong = await login(adminCredentials.username, 'not-the-password');
    expect(wrong.status).toBe(401);

    const broken = await fetch(`${baseUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username":',
    });
    expect(broken.status).toBe(400);
  });

  it('serves the console for deep links and caches hashed assets for ever', async () => {
    for (const route of ['/', '/login', '/clusters', '/domain', '/billing', '/apps/x/y']) {
      const page = await fetch(`${baseUrl}${route}`, { headers: { accept: 'text/html' } });
      expect(page.status, route).toBe(200);
      expect(await page.text(), route).toContain('<div id="root">');
    }
    const html = await (
      await fetch(`${baseUrl}/login`, { headers: { accept: 'text/html' } })
    ).text();
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const script = await fetch(`${baseUrl}${asset}`);
    expect(script.headers.get('cache-control')).toContain('immutable');

    const api404 = await fetch(`${baseUrl}/auth/nothing-here`, {
      headers: { accept: 'application/json' },
    });
    expect(api404.status).toBe(404);
    expect(await api404.json()).toHaveProperty('message');
  });

  it('describes its API in OpenAPI', async () => {
    const doc = (await (await fetch(`${baseUrl}/docs/json`)).json()) as {
      openapi: string;
      paths: object;
    };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/auth/login');
  });
});
