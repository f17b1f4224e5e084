import type { App, Deployment } from '@meridian/domain/apps/app-api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntdApp } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationBridge } from '../../../shared/notifications/notification-bridge';
import { USER_STORAGE_KEY } from '../../../shared/session/user-storage-key';
import { appFixture, deploymentFixture, domainFixture } from '../../../shared/testing/api-fixtures';
import { jsonResponse } from '../../../shared/testing/test-providers';
import { appsQueryKey } from '../../../shared/api/apps-list';
import { UpdateDomainPanel } from './update-domain-panel';

const deployment = deploymentFixture({ uuid: 'dep-1' });
// The same version on the same smart cluster, in another location.
const sibling = deploymentFixture({
  uuid: 'dep-2',
  cluster_name: 'tokyo-1',
  domain_names: ['api.example.ca'],
});

function mockApi() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/domain/name')) {
      return jsonResponse([
        domainFixture({ uuid: 'r1', domain_name: 'example.ca' }),
        domainFixture({ uuid: 'r2', domain_name: 'other.io' }),
      ]);
    }
    if (url.includes('/domain/dns/user/entries/deployments/') && init?.method === 'PUT') {
      return jsonResponse({ ...deployment, status: 'pending' });
    }
    const versionNames = `/domain/dns/user/versions/${deployment.version_uuid}/smart_clusters/${deployment.smart_cluster_uuid}`;
    if (url.endsWith(versionNames) && init?.method === 'PUT') {
      return jsonResponse([
        { ...deployment, status: 'pending' },
        { ...sibling, status: 'pending' },
      ]);
    }
    if (url.endsWith(versionNames)) {
      return jsonResponse({ [deployment.smart_cluster_uuid]: ['api.example.ca'] });
    }
    return jsonResponse({ message: 'not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPanel(value: Deployment = deployment, siblings: Deployment[] = [value]) {
  const onUpdated = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData<App[]>(appsQueryKey, [appFixture({ deployments: siblings })]);
  const router = createMemoryRouter([
    {
      path: '/',
      element: <UpdateDomainPanel deployment={value} siblings={siblings} onUpdated={onUpdated} />,
    },
  ]);
  render(
    <QueryClientProvider client={queryClient}>
      <AntdApp>
        <NotificationBridge />
        <RouterProvider router={router} />
      </AntdApp>
    </QueryClientProvider>,
  );
  return { onUpdated, queryClient };
}

describe('UpdateDomainPanel', () => {
  beforeEach(() => {
    window.localStorage.setItem(
      USER_STORAGE_KEY,
      JSON.stringify({ userId: 'u', userEmail: 'e', token: 't' }),
    );
  });

  it('requires a root domain and a non-blank name; one input always stays', async () => {
    const fetchMock = mockApi();
    const user = userEvent.setup({ delay: null });
    renderPanel();
    const first = await screen.findByLabelText('Domain name 1');
    expect((screen.getByLabelText('Remove domain name 1') as HTMLButtonElement).disabled).toBe(
      true,
    );
    await user.type(first, '   ');
    await user.click(screen.getByText('Update domain names'));
    expect(await screen.findByText('You must choose a root domain')).toBeTruthy();
    expect(await screen.findByText('Please enter at least one valid domain')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('refuses a name that is no domain as it is typed, before any submit', async () => {
    const fetchMock = mockApi();
    const user = userEvent.setup({ delay: null });
    renderPanel();
    await user.type(await screen.findByLabelText('Domain name 1'), 'not a name!');
    expect(await screen.findByText('Please enter at least one valid domain')).toBeTruthy();
    await user.clear(screen.getByLabelText('Domain name 1'));
    await user.type(screen.getByLabelText('Domain name 1'), 'www');
    await waitFor(() =>
      expect(screen.queryByText('Please enter at least one valid domain')).toBeNull(),
    );
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('sends the names under the root, lower-cased and de-duplicated, and marks it pending', async () => {
    const fetchMock = mockApi();
    const user = userEvent.setup({ delay: null });
    const { onUpdated, queryClient } = renderPanel();
    await user.click(await screen.findByRole('combobox'));
    await user.click(await screen.findByTitle('example.ca'));
    await user.type(screen.getByLabelText('Domain name 1'), 'WWW');
    await user.click(screen.getByText('Add a domain name'));
    await user.type(screen.getByLabelText('Domain name 2'), 'www.example.ca');
    await user.click(screen.getByText('Add a domain name'));
    await user.type(screen.getByLabelText('Domain name 3'), '@');
    await user.click(screen.getByLabelText('Remove domain name 3'));
    await user.click(screen.getByText('Add a domain name'));
    await user.type(screen.getByLabelText('Domain name 3'), 'Shop');
    await user.click(screen.getByText('Update domain names'));

    await waitFor(() => expect(onUpdated).toHaveBeenCalled());
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(String(put?.[0])).toContain('/domain/dns/user/entries/deployments/dep-1');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      domain_names: ['www.example.ca', 'shop.example.ca'],
    });
    const cached = queryClient.getQueryData<App[]>(appsQueryKey)?.[0]?.deployments?.[0];
    expect(cached?.status).toBe('pending');
  });

  it('refuses while the deployment is pending', async () => {
    mockApi();
    renderPanel({ ...deployment, status: 'pending', domain_names: ['www.example.ca'] });
    expect((await screen.findByTestId('update-domain-blocked')).textContent).toContain(
      'Domain names cannot change while the deployment is pending',
    );
    expect((screen.getByLabelText('Domain name 1') as HTMLInputElement).value).toBe('www');
    expect(
      (screen.getByText('Update domain names').closest('button') as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('offers every location of the smart cluster, with their names, and marks them all pending', async () => {
    const fetchMock = mockApi();
    const user = userEvent.setup({ delay: null });
    const { onUpdated, queryClient } = renderPanel(deployment, [deployment, sibling]);
    const everywhere = await screen.findByLabelText<HTMLInputElement>(/All 2 locations of edge/);
    await waitFor(() => expect(everywhere.disabled).toBe(false));
    await user.click(everywhere);
    await waitFor(() =>
      expect((screen.getByLabelText('Domain name 1') as HTMLInputElement).value).toBe('api'),
    );
    await user.click(screen.getByText('Add a domain name'));
    await user.type(screen.getByLabelText('Domain name 2'), 'www');
    await user.click(screen.getByText('Update domain names'));

    await waitFor(() => expect(onUpdated).toHaveBeenCalled());
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(String(put?.[0])).toContain(
      `/domain/dns/user/versions/${deployment.version_uuid}/smart_clusters/${deployment.smart_cluster_uuid}`,
    );
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      subdomains: ['api.example.ca', 'www.example.ca'],
      smart_cluster_name: deployment.smart_cluster_name,
    });
    const cached = queryClient.getQueryData<App[]>(appsQueryKey)?.[0]?.deployments ?? [];
    expect(cached.map((entry) => entry.status)).toEqual(['pending', 'pending']);
  });

  it('shows no choice of scope for a deployment alone on its smart cluster', async () => {
    mockApi();
    renderPanel();
    await screen.findByLabelText('Domain name 1');
    expect(screen.queryByTestId('update-domain-scope')).toBeNull();
  });
});
