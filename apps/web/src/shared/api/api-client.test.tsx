import { organizationHeader } from '@meridian/domain/auth/organization';
import { render, screen } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { NotificationBridge } from '../notifications/notification-bridge';
import { USER_STORAGE_KEY } from '../session/user-storage-key';
import { jsonResponse } from '../testing/test-providers';
import { setSessionExpiredHandler } from '../session/session-expiry';
import { readActingOrganization, setActingOrganization } from '../session/acting-organization';
import { apiClient, organizationHeaderName } from './api-client';
import { ApiError } from './api-error';

const user = { userId: 'u-42', userEmail: 'ada@example.ca', token: 'secret-token' };
const okSchema = z.object({ ok: z.boolean() });

function renderApp(path: string) {
  window.history.replaceState(null, '', path);
  const router = createBrowserRouter([
    { path: '/login', element: <h1>Login screen</h1> },
    { path: '*', element: <h1>Console</h1> },
  ]);
  const onExpired = vi.fn(() => void router.navigate('/login'));
  setSessionExpiredHandler(onExpired);
  render(
    <AntdApp>
      <NotificationBridge />
      <RouterProvider router={router} />
    </AntdApp>,
  );
  return { router, onExpired };
}

describe('apiClient', () => {
  beforeEach(() => {
    window.localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
  });

  afterEach(() => {
    setSessionExpiredHandler(() => {});
  });

  it('sends the bearer token and the user id of the stored user, and JSON bodies', async () => {
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);

    await expect(
      apiClient.post('/domain/name', { domain_name: 'a.ca' }, { schema: okSchema }),
    ).resolves.toEqual({ ok: true });

    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/domain/name');
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer secret-token');
    expect(headers['x-user-id']).toBe('u-42');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"domain_name":"a.ca"}');
  });

  it('acts in the chosen organisation on every request but /auth, per user', async () => {
    const fetchMock = vi.fn((_url: string, _init: RequestInit) =>
      Promise.resolve(jsonResponse({ ok: true })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const sentHeader = () => {
      const headers = fetchMock.mock.lastCall?.[1].headers as Record<string, string>;
      return headers[organizationHeader];
    };
    expect(organizationHeaderName).toBe(organizationHeader);
    const acme = '11111111-1111-4111-8111-111111111111';
    setActingOrganization(acme);

    await apiClient.get('/cluster/clusters', { schema: okSchema });
    expect(sentHeader()).toBe(acme);
    await apiClient.get('/auth/organizations', { schema: okSchema });
    expect(sentHeader()).toBeUndefined();

    // Another user of this browser acts in their personal account until they choose.
    window.localStorage.setItem(USER_STORAGE_KEY, JSON.stringify({ ...user, userId: 'u-7' }));
    await apiClient.get('/cluster/clusters', { schema: okSchema });
    expect(sentHeader()).toBeUndefined();
    window.localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
    expect(readActingOrganization()).toBe(acme);
    setActingOrganization(null);
    await apiClient.get('/cluster/clusters', { schema: okSchema });
    expect(sentHeader()).toBeUndefined();
  });

  it('adds query parameters and sends no credentials without a stored user', async () => {
    window.localStorage.removeItem(USER_STORAGE_KEY);
    const fetchMock = vi.fn().mockResolvedValue(new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);

    await expect(
      apiClient.get('/event/server/notifications', {
        query: { from: 0, to: 19, x: undefined },
        schema: z.undefined(),
      }),
    ).resolves.toBeUndefined();

    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/event/server/notifications?from=0&to=19');
    expect(init.headers).not.toHaveProperty('Authorization');
    expect(init.headers).not.toHaveProperty('x-user-id');
  });

  it('throws other errors to the caller as ApiError', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(
          jsonResponse({ message: 'Validation failed', errors: ['Please provide a name'] }, 400),
        ),
    );
    const { router, onExpired } = renderApp('/clusters');

    const error = await apiClient
      .get('/cluster/clusters', { schema: okSchema })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Validation failed',
      errors: ['Please provide a name'],
    });
    expect(onExpired).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/clusters');
    expect(window.localStorage.getItem(USER_STORAGE_KEY)).not.toBeNull();
  });

  it('ends the session on a 401 outside /login', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(jsonResponse({ message: 'Unauthorized' }, 401)),
    );
    const { router, onExpired } = renderApp('/clusters');

    await expect(apiClient.get('/cluster/clusters', { schema: okSchema })).rejects.toMatchObject({
      status: 401,
    });

    expect(await screen.findByText('Session Expired.')).toBeTruthy();
    expect(screen.getByText('Please log in again.')).toBeTruthy();
    expect(window.localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/login');
    expect(window.location.pathname).toBe('/login');
    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeTruthy();
  });

  it('leaves a 401 on /login to the caller', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(jsonResponse({ message: 'Unauthorized' }, 401)),
    );
    const { router, onExpired } = renderApp('/login');

    await expect(
      apiClient.post('/auth/login', { username: 'a', password: 'b' }, { schema: okSchema }),
    ).rejects.toMatchObject({ status: 401, message: 'Unauthorized' });

    expect(onExpired).not.toHaveBeenCalled();
    expect(screen.queryByText('Session Expired.')).toBeNull();
    expect(window.localStorage.getItem(USER_STORAGE_KEY)).not.toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(apiClient.get('/billing/usage', { schema: okSchema })).rejects.toMatchObject({
      status: 0,
      message: 'Failed to fetch',
    });
  });

  it('answers what the schema reads, its output rather than the raw body', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse({ ok: true, extra: 'dropped' })));
    await expect(apiClient.get('/x', { schema: okSchema })).resolves.toEqual({ ok: true });
  });

  it('turns an answer the schema refuses into an ApiError, logging the issues', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse([{ ok: 'yes' }])));
    const { onExpired } = renderApp('/clusters');

    const error = await apiClient
      .get('/cluster/clusters', { schema: z.array(okSchema) })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 200,
      message: 'The server answered something the console does not understand',
      errors: [],
    });
    expect(log).toHaveBeenCalledWith(
      'Unexpected answer to GET /cluster/clusters',
      expect.arrayContaining([expect.objectContaining({ path: [0, 'ok'] })]),
    );
    expect(onExpired).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(USER_STORAGE_KEY)).not.toBeNull();
  });

  it('reads an error body of another shape as its text or the status text', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(new Response('Bad gateway', { status: 502 }))
        .mockResolvedValueOnce(jsonResponse({ errors: 'not a list' }, 503)),
    );
    await expect(apiClient.get('/x', { schema: okSchema })).rejects.toMatchObject({
      status: 502,
      message: 'Bad gateway',
    });
    await expect(apiClient.get('/x', { schema: okSchema })).rejects.toMatchObject({
      status: 503,
      message: 'HTTP 503',
      errors: [],
    });
  });
});
