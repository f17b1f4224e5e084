import { billingUsageSchema } from '@meridian/domain/billing/billing-usage';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { Provider as ReduxProvider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { NotificationBridge } from '../shared/notifications/notification-bridge';
import { readStoredUser } from '../shared/session/user-storage';
import { USER_STORAGE_KEY } from '../shared/session/user-storage-key';
import { appFixture, deploymentFixture } from '../shared/testing/api-fixtures';
import { jsonResponse } from '../shared/testing/test-providers';
import { appRoutes } from './routes';
import { createAppStore } from './store';
import { antdTheme } from '../shared/theme/antd-theme';

const user = { userId: 'u-1', userEmail: 'ada@example.ca', token: 'tok' };

const earlier = '2026-01-01T00:00:00.000Z';
const later = '2026-02-01T00:00:00.000Z';

/** What the layout and its screens read, each answer as the server gives it. */
const answers: Record<string, unknown> = {
  '/meridian/v1/kube/apps': [
    appFixture({ uuid: 'a-1', name: 'shop' }),
    appFixture({
      uuid: 'a-2',
      name: 'blog',
      deployments: [deploymentFixture({ status: 'pending' })],
    }),
  ],
  // The sidebar's page of app summaries: blog has a deployment in progress.
  '/meridian/v1/kube/apps/summary': {
    items: [
      { uuid: 'a-2', name: 'blog', createdAt: later, updatedAt: later, pending: true },
      { uuid: 'a-1', name: 'shop', createdAt: earlier, updatedAt: earlier, pending: false },
    ],
    total: 2,
    offset: 0,
    limit: 60,
    pending_datacenter_uuids: [],
  },
  '/cluster/smart_clusters': [],
  '/cluster/smart_clusters/page': {
    items: [],
    total: 0,
    offset: 0,
    limit: 30,
    overview: {
      smart_clusters: 0,
      servers: 0,
      cpus: 0,
      ram_gb: 0,
      storage_gb: 0,
      can_have_traffic: false,
      pending_datacenter_uuids: [],
    },
  },
  '/cluster/clusters': [],
  '/cluster/datacenters': [],
  '/intelligence/traffic': {
    daily_totals: { total_requests: 0, daily_active_users: 0 },
    regions: [],
  },
  '/auth/session': {
    userId: 'u-1',
    username: 'ada',
    email: 'ada@example.ca',
    isAdmin: false,
    locale: null,
  },
  '/auth/logout': { status: 'success' },
  '/event/server/notifications': [],
  '/event/server/notifications/count': { count: 0 },
  '/domain/name': [],
  '/domain/name/page': { items: [], total: 0, offset: 0, limit: 50 },
};

function renderApp(path: string, { signedIn = true } = {}) {
  if (signedIn) window.localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
  window.history.replaceState(null, '', path);
  const fetchMock = vi.fn((url: string) => {
    const answer = answers[new URL(url, window.location.origin).pathname];
    return Promise.resolve(
      answer === undefined ? jsonResponse({ message: 'not found' }, 404) : jsonResponse(answer),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  const store = createAppStore(readStoredUser());
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  render(
    <ConfigProvider theme={antdTheme('light')}>
      <NotificationBridge />
      <ReduxProvider store={store}>
        <RouterProvider router={router} />
      </ReduxProvider>
    </ConfigProvider>,
  );
  return { router, store, fetchMock };
}

describe('routes', () => {
  it('sends a visitor without a stored user to /login, carrying the origin', async () => {
    const { router } = renderApp('/clusters', { signedIn: false });
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/clusters' } });
  });

  it('shows the layout at / with home selected, the header and the app list', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Home' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Meridian' }).getAttribute('href')).toBe('/home');
    expect(screen.getByText('Waiting for traffic...')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const home = within(nav).getByRole('link', { name: 'Home' });
    expect(home.getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Clusters' }).getAttribute('href')).toBe(
      '/clusters',
    );
    expect(within(nav).getByRole('link', { name: 'Domains' }).getAttribute('href')).toBe('/domain');
    const shop = await screen.findByRole('link', { name: 'shop' });
    expect(shop.getAttribute('href')).toBe('/apps/a-1');
    expect(screen.getByLabelText('A deployment is in progress')).toBeTruthy();
  });

  it('asks the server for the apps whose name matches the search', async () => {
    const { fetchMock } = renderApp('/home');
    await screen.findByRole('link', { name: 'shop' }, { timeout: 5000 });
    await userEvent.setup().type(screen.getByLabelText('Search apps'), 'BL');
    const searched = () =>
      fetchMock.mock.calls.map(([url]) => new URL(url, window.location.origin).searchParams);
    await waitFor(() =>
      expect(searched().some((params) => params.get('search') === 'BL')).toBe(true),
    );
  });

  it('titles the screens', async () => {
    renderApp('/clusters');
    expect(
      await screen.findByRole('heading', { name: 'Smart Clusters' }, { timeout: 5000 }),
    ).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Clusters' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
  });

  it('redirects /domains to /domain', async () => {
    const { router } = renderApp('/domains');
    expect(await screen.findByRole('heading', { name: 'Domains' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/domain');
  });

  it('sends unknown paths to /404', async () => {
    const { router } = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/404');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Back home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('opens a Create drawer from the Create menu', async () => {
    renderApp('/home');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Create' }, { timeout: 5000 }));
    await u.click(await screen.findByRole('menuitem', { name: 'Cluster' }));
    expect(await screen.findByText('Create cluster')).toBeTruthy();
  });

  it('logs out from the account menu', async () => {
    const { router, store, fetchMock } = renderApp('/home');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: /account menu/i }));
    for (const entry of [
      'Notifications',
      'Organisations',
      'Billing',
      'Support',
      'API keys',
      'Keypair',
    ]) {
      expect(await screen.findByRole('menuitem', { name: entry })).toBeTruthy();
    }
    await u.click(screen.getByRole('menuitem', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(fetchMock.mock.calls.some(([url]) => url === '/auth/logout')).toBe(true);
    expect(window.localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(store.getState().session.data).toEqual({});
  });

  it('follows a 401 to /login with the session-expired notice', async () => {
    const { router, store } = renderApp('/billing');
    await screen.findByRole('heading', { name: 'Billing' });
    const { apiClient } = await import('../shared/api/api-client');
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse({ message: 'no' }, 401)));
    window.history.replaceState(null, '', '/billing');
    await act(async () => {
      await apiClient.get('/billing/usage', { schema: billingUsageSchema }).catch(() => undefined);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Session Expired.')).toBeTruthy();
    expect(store.getState().session.data).toEqual({});
    expect(window.localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });
});
