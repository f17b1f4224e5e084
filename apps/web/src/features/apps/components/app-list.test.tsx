import type { Status } from '@meridian/domain/status';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_STORAGE_KEY } from '../../../shared/session/user-storage';
import { appFixture, deploymentFixture } from '../../../shared/testing/api-fixtures';
import { jsonResponse, renderRoutes } from '../../../shared/testing/test-providers';
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

function renderList(list: unknown[], path = '/home') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(list)),
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
  within(screen.getByRole('list', { name: '' }))
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

    await user.click(screen.getByRole('combobox', { name: 'Sort apps' }));
    const updated = await waitFor(() => {
      const found = document.querySelector<HTMLElement>(
        '.ant-select-item-option[title="Recently updated"] .ant-select-item-option-content',
      );
      expect(found).not.toBeNull();
      return found!;
    });
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
    expect(within(shop).getByText('S')).toBeTruthy();
  });

  it('filters by name and says when nothing matches', async () => {
    const user = userEvent.setup();
    renderList(apps);
    await screen.findByRole('link', { name: 'blog' });
    await user.type(screen.getByRole('textbox', { name: 'Search apps' }), 'SH');
    expect(tileNames()).toEqual(['shop']);
    await user.type(screen.getByRole('textbox', { name: 'Search apps' }), 'x');
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
    expect(screen.queryByRole('combobox', { name: 'Sort apps' })).toBeNull();
  });
});
