import type { Organization } from '@meridian/domain/auth/organization';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiClient } from '../shared/api/api-client';
import {
  readActingOrganization,
  setActingOrganization,
} from '../shared/session/acting-organization';
import { USER_STORAGE_KEY } from '../shared/session/user-storage-key';
import { jsonResponse, renderRoutes } from '../shared/testing/test-providers';
import { ActingAccountScope } from './acting-account-scope';
import { OrganizationSwitcher } from './layout/organization-switcher';

const acme: Organization = {
  uuid: '11111111-1111-4111-8111-111111111111',
  name: 'Acme',
  role: 'viewer',
  createdAt: '2026-11-21T10:00:00Z',
  members: [],
};

/** The apps of the account a request acts in, as the server would answer. */
function mockApi() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://console').pathname;
    if (path === '/auth/organizations') return jsonResponse([acme]);
    const acting = (init?.headers as Record<string, string>)['x-organization-uuid'];
    return jsonResponse([acting === acme.uuid ? 'acme-shop' : 'my-blog']);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function AppNames() {
  const apps = useQuery({
    queryKey: ['apps'],
    queryFn: () => apiClient.get('/meridian/v1/kube/apps', { schema: z.array(z.string()) }),
  });
  return <p data-testid="apps">{apps.data?.join(',') ?? 'loading'}</p>;
}

function renderShell() {
  const element = (
    <ActingAccountScope>
      <OrganizationSwitcher />
      <AppNames />
    </ActingAccountScope>
  );
  return renderRoutes([{ path: '/', element }]);
}

describe('the acting account', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.localStorage.setItem(
      USER_STORAGE_KEY,
      JSON.stringify({ userId: 'u-ada', userEmail: 'ada@example.ca', token: 't' }),
    );
  });

  it('switches between personal and an organisation without showing the other’s data', async () => {
    mockApi();
    const user = userEvent.setup();
    renderShell();
    expect((await screen.findByTestId('apps')).textContent).toBe('loading');
    await waitFor(() => expect(screen.getByTestId('apps').textContent).toBe('my-blog'));

    await user.click(screen.getByRole('button', { name: 'Acting account: Personal' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Acme · viewer' }));
    expect(screen.getByTestId('apps').textContent).not.toContain('my-blog');
    await waitFor(() => expect(screen.getByTestId('apps').textContent).toBe('acme-shop'));
    expect(readActingOrganization()).toBe(acme.uuid);

    await user.click(screen.getByRole('button', { name: 'Acting account: Acme' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Personal' }));
    expect(screen.getByTestId('apps').textContent).not.toContain('acme-shop');
    await waitFor(() => expect(screen.getByTestId('apps').textContent).toBe('my-blog'));
    expect(readActingOrganization()).toBeNull();
  });

  it('falls back to personal when the stored organisation is no longer the user’s', async () => {
    setActingOrganization('99999999-9999-4999-8999-999999999999');
    const fetchMock = mockApi();
    renderShell();
    await waitFor(() => expect(screen.getByTestId('apps').textContent).toBe('my-blog'));
    expect(readActingOrganization()).toBeNull();
    expect(screen.getByRole('button', { name: 'Acting account: Personal' })).toBeTruthy();
    const headers = fetchMock.mock.calls.map(([, init]) => JSON.stringify(init?.headers));
    expect(headers.join()).not.toContain('99999999');
  });
});
