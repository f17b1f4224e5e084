import type { Registry } from '@meridian/domain/auth/registry';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_STORAGE_KEY } from '../../shared/session/user-storage-key';
import { jsonResponse, renderRoutes } from '../../shared/testing/test-providers';
import { RegistriesDialog } from './registries-dialog';

const saved: Registry = {
  uuid: 'r-1',
  name: 'company',
  url: 'https://registry.example.ca',
  username: 'deployer',
  created_at: '2026-11-21T10:00:00Z',
};

function mockApi(initial: Registry[]) {
  let registries = [...initial];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://console.test');
    if (url.pathname === '/auth/registries' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Record<string, string>;
      const created = {
        uuid: 'r-2',
        name: body.name!,
        url: body.url!,
        username: body.username!,
        created_at: '2026-11-22T10:00:00Z',
      };
      registries = [created, ...registries];
      return jsonResponse(created);
    }
    if (url.pathname === '/auth/registries') return jsonResponse({ registries });
    if (url.pathname === '/auth/registries/r-1' && init?.method === 'DELETE') {
      registries = registries.filter((registry) => registry.uuid !== 'r-1');
      return new Response(null, { status: 204 });
    }
    return jsonResponse({ message: 'not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderDialog() {
  renderRoutes([{ path: '/', element: <RegistriesDialog open onClose={vi.fn()} /> }]);
}

describe('RegistriesDialog', () => {
  beforeEach(() => {
    window.localStorage.setItem(
      USER_STORAGE_KEY,
      JSON.stringify({ userId: 'u', userEmail: 'e', token: 't' }),
    );
  });

  it('lists the saved registries, never a password', async () => {
    mockApi([saved]);
    renderDialog();
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('company')).toBeTruthy();
    expect(within(table).getByText('https://registry.example.ca')).toBeTruthy();
    expect(within(table).getByText('deployer')).toBeTruthy();
  });

  it('says so when there is none, and adds one with its password typed once', async () => {
    const fetchMock = mockApi([]);
    const user = userEvent.setup();
    renderDialog();
    expect(await screen.findByText('No saved registries yet')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save registry' }));
    await waitFor(() =>
      expect(screen.getAllByText('Please provide a value for this field')).toHaveLength(3),
    );
    await user.type(screen.getByLabelText('Name'), 'company');
    await user.type(screen.getByLabelText('URL'), 'http://registry.example.ca');
    await user.type(screen.getByLabelText('Username'), 'deployer');
    await user.type(screen.getByLabelText('Password'), 'hunter2');
    expect(await screen.findByText('The registry URL must start with https://')).toBeTruthy();
    await user.clear(screen.getByLabelText('URL'));
    await user.type(screen.getByLabelText('URL'), 'https://registry.example.ca');
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Save registry' }));
    expect(await screen.findByText('Registry company saved.')).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post![1]!.body))).toEqual({
      name: 'company',
      url: 'https://registry.example.ca',
      username: 'deployer',
      password: 'hunter2',
    });
    expect(await within(await screen.findByRole('table')).findByText('company')).toBeTruthy();
  });

  it('deletes one after asking', async () => {
    const fetchMock = mockApi([saved]);
    const user = userEvent.setup();
    renderDialog();
    await user.click(await screen.findByRole('button', { name: 'Delete registry company' }));
    expect((await screen.findAllByText('Delete registry company?')).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Registry company deleted.')).toBeTruthy();
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) =>
            String(url).endsWith('/auth/registries/r-1') && init?.method === 'DELETE',
        ),
      ).toBe(true),
    );
    expect(await screen.findByText('No saved registries yet')).toBeTruthy();
  });
});
