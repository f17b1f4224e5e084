import { isInProgress, type Status } from '@meridian/domain/status';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_STORAGE_KEY } from '../../../shared/session/user-storage-key';
import { appFixture, deploymentFixture } from '../../../shared/testing/api-fixtures';
import { jsonResponse, renderRoutes } from '../../../shared/testing/test-providers';
import type { App } from '../app.types';
import { AppList } from './app-list';

const deployment = (status: Status) => deploymentFixture({ status });

const apps = [
  appFixture({
    uuid: 'a-old',
    name: 'archive',
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-11-20T00:00:00Z',
    deployments: [deployment('success')],
  }),
  appFixture({
    uuid: 'a-new',
    name: 'blog',
    createdAt: '2026-06-01T00:00:00Z',
    updatedAt: '2026-06-01T00:00:00Z',
    deployments: [deployment('success'), deployment('pending')],
  }),
  appFixture({
    uuid: 'a-mid',
    name: 'shop',
    createdAt: '2026-03-01T00:00:00Z',
    updatedAt: '2026-03-01T00:00:00Z',
  }),
];

/** Answers the summary pages as the server builds them: newest first, searched, paged. */
function summaryAnswer(list: unknown[], url: URL) {
  const apps = list as App[];
  if (apps.some((app) => !app.createdAt)) return jsonResponse(list);
  const field = url.searchParams.get('sort') === 'updated' ? 'updatedAt' : 'createdAt';
  const search = url.searchParams.get('search')?.toLowerCase() ?? '';
  const items = apps
    .filter((app) => app.name.toLowerCase().includes(search))
    .sort((a, b) => b[field].localeCompare(a[field]))
    .map((app) => ({
      uuid: app.uuid,
      name: app.name,
      createdAt: app.createdAt,
      updatedAt: app.updatedAt,
      pending: app.deployments.some((deployment) => isInProgress(deployment.status)),
    }));
  const limit = Number(url.searchParams.get('limit'));
  const offset = Number(url.searchParams.get('offset'));
  return jsonResponse({
    items: items.slice(offset, offset + limit),
    total: items.length,
    offset,
    limit,
    pending_datacenter_uuids: [],
  });
}

function renderList(list: unknown[], path = '/home') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      summaryAnswer(list, new URL(String(input), 'http://x')),
    ),
  );
  return renderRoutes(
    [
      { path: '/home', element: <AppList /> },
      { path: '/apps/:appId', element: <AppList /> },
    ],
    { initialEntries: [path] },
  );
}

const tileNames = () =>
  within(screen.getByTestId('app-list-scroller'))
    .getAllByRole('link')
    .map((link) => link.getAttribute('aria-label'));

describe('AppList', () => {
  beforeEach(() => {
    window.localStorage.setItem(
      USER_STORAGE_KEY,
      JSON.stringify({ userId: 'u', userEmail: 'e', token: 't' }),
    );
  });

  it('shows newest first, and by last update on request', async () => {
    const user = userEvent.setup();
    renderList(apps);
    await screen.findByRole('link', { name: 'blog' });
    expect(tileNames()).toEqual(['blog', 'shop', 'archive']);

    await user.click(screen.getByRole('button', { name: /^Sort apps/ }));
    const updated = await screen.findByRole('menuitemradio', { name: 'Recently updated' });
    await user.click(updated);
    await waitFor(() => expect(tileNames()).toEqual(['archive', 'blog', 'shop']));
  });

  it('badges apps with a deployment in progress and highlights the current one', async () => {
    renderList(apps, '/apps/a-mid');
    const blog = await screen.findByRole('link', { name: 'blog' });
    expect(within(blog).getByRole('img', { name: 'A deployment is in progress' })).toBeTruthy();
    const shop = screen.getByRole('link', { name: 'shop' });
    expect(within(shop).queryByRole('img', { name: 'A deployment is in progress' })).toBeNull();
    expect(shop.getAttribute('aria-current')).toBe('page');
    expect(shop.getAttribute('href')).toBe('/apps/a-mid');
    expect(blog.getAttribute('aria-current')).toBeNull();
    expect(within(shop).getByTestId('app-avatar').dataset.initial).toBe('S');
  });

  it('filters by name and says when nothing matches', async () => {
    const user = userEvent.setup();
    renderList(apps);
    await screen.findByRole('link', { name: 'blog' });
    await user.type(screen.getByRole('searchbox', { name: 'Search apps' }), 'SH');
    await waitFor(() => expect(tileNames()).toEqual(['shop']));
    await user.type(screen.getByRole('searchbox', { name: 'Search apps' }), 'x');
    expect(await screen.findByText('No app matches this search')).toBeTruthy();
  });

  it('says the apps could not be fetched when the answer is not an app list', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderList([{ uuid: 'a-1', name: 'shop' }]);
    expect(await screen.findByText('Something went wrong when fetching your apps.')).toBeTruthy();
    expect(screen.queryByText('No apps yet')).toBeNull();
  });

  it('shows the empty message, without a sort choice', async () => {
    renderList([]);
    expect(await screen.findByText('No apps yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Sort apps/ })).toBeNull();
  });

  it('shows every app of a single page as it is, without a virtual list', async () => {
    const page = Array.from({ length: 60 }, (_, i) =>
      appFixture({ uuid: `a-${i}`, name: `app-${String(i).padStart(2, '0')}` }),
    );
    renderList(page);
    await screen.findByRole('link', { name: 'app-00' });
    expect(tileNames()).toHaveLength(60);
  });

  it('renders only the rows in view of a thousand apps, and asks for more as the list scrolls', async () => {
    const many = Array.from({ length: 1000 }, (_, i) =>
      appFixture({
        uuid: `a-${i}`,
        name: `app-${String(i).padStart(4, '0')}`,
        createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
      }),
    );
    renderList(many);
    await screen.findByRole('link', { name: 'app-0999' });
    expect(tileNames().length).toBeLessThanOrEqual(45);
    const scroller = screen.getByTestId('app-list-scroller');
    scroller.scrollTop = 19 * 96;
    scroller.dispatchEvent(new Event('scroll'));
    // Newest first: the 70th newest is on the second page of 60.
    expect(await screen.findByRole('link', { name: 'app-0930' })).toBeTruthy();
    const fetchMock = vi.mocked(fetch);
    const offsets = fetchMock.mock.calls.map(([input]) =>
      new URL(String(input), 'http://x').searchParams.get('offset'),
    );
    expect(offsets).toContain('60');
    expect(screen.queryByRole('link', { name: 'app-0999' })).toBeNull();
  });
});
