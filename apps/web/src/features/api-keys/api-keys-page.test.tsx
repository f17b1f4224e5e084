import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_STORAGE_KEY } from '../../shared/session/user-storage-key';
import { jsonResponse, renderRoutes } from '../../shared/testing/test-providers';
import { ApiKeysPage } from './api-keys-page';

const secret = `mk_${'a'.repeat(43)}`;

function mockApi({ failList = false, failRevoke = false } = {}) {
  const unscoped = { scopes: [], expires_at: null, last_used_at: null, organization_uuid: null };
  let keys = [{ name: 'deploy-bot', created_at: '2026-11-21T10:00:00Z', ...unscoped }];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (!url.endsWith('/auth/api_key')) return jsonResponse({ message: 'not found' }, 404);
    if (method === 'GET') {
      return failList ? jsonResponse({ message: 'boom' }, 500) : jsonResponse({ keys });
    }
    const body = JSON.parse(String(init?.body)) as { name: string };
    if (method === 'POST') {
      keys = [{ name: body.name, created_at: '2026-11-21T11:00:00Z', ...unscoped }, ...keys];
      return jsonResponse({ name: body.name, key: secret });
    }
    if (method === 'DELETE') {
      if (failRevoke) return jsonResponse({ message: 'boom' }, 500);
      keys = keys.filter((key) => key.name !== body.name);
      return jsonResponse({ status: 'success' });
    }
    return jsonResponse({ message: 'no' }, 405);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPage() {
  return renderRoutes([{ path: '/api-key', element: <ApiKeysPage /> }], {
    initialEntries: ['/api-key'],
  });
}

describe('ApiKeysPage', () => {
  beforeEach(() => {
    window.localStorage.setItem(
      USER_STORAGE_KEY,
      JSON.stringify({ userId: 'u', userEmail: 'e', token: 't' }),
    );
  });

  it('lists keys with US English dates', async () => {
    mockApi();
    renderPage();
    expect(await screen.findByText('deploy-bot')).toBeTruthy();
    expect(screen.getByText(/Nov 21, 2026/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'API Keys' })).toBeTruthy();
  });

  it('validates the name, then shows the new key once with the save notice', async () => {
    const fetchMock = mockApi();
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('deploy-bot');

    await user.click(screen.getByRole('button', { name: /Create API key/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Please provide a name')).toBeTruthy();

    await user.type(within(dialog).getByLabelText('Name'), '  ci  ');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    const shown = await screen.findByTestId('api-key-created');
    expect((within(shown).getByTestId('api-key-value') as HTMLInputElement).value).toBe(secret);
    expect(within(shown).getByText(/It will not be shown again/)).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ name: 'ci' });

    await user.click(screen.getByRole('button', { name: 'I have saved it' }));
    // The list shows the new name, never the key.
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('ci')).toBeTruthy();
    expect(table.textContent).not.toContain(secret);
  }, 20_000);

  it('revokes only after confirmation', async () => {
    const fetchMock = mockApi();
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('deploy-bot');

    await user.click(screen.getByRole('button', { name: 'Revoke deploy-bot' }));
    expect((await screen.findAllByText('Revoke API key deploy-bot?')).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Revoke deploy-bot' }));
    // The cancelled dialog may still be closing: act on the newest one.
    const confirm = (
      await screen.findAllByRole('dialog', { name: /Revoke API key deploy-bot/ })
    ).at(-1)!;
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true),
    );
    const del = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(JSON.parse(String(del?.[1]?.body))).toEqual({ name: 'deploy-bot' });
    expect(await screen.findByText('No API keys yet')).toBeTruthy();
  }, 20_000);

  it('says so when revoking fails', async () => {
    mockApi({ failRevoke: true });
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('deploy-bot');
    await user.click(screen.getByRole('button', { name: 'Revoke deploy-bot' }));
    const confirm = await screen.findByRole('dialog', { name: /Revoke API key deploy-bot/ });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Cannot revoke API key deploy-bot.')).toBeTruthy();
  });

  it('says so when the list cannot be fetched', async () => {
    mockApi({ failList: true });
    renderPage();
    expect((await screen.findAllByText('Cannot fetch existing API keys.')).length).toBeGreaterThan(
      0,
    );
  });
});
