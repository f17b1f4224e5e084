import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntdApp } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationBridge } from '../../../shared/notifications/notification-bridge';
import { USER_STORAGE_KEY } from '../../../shared/session/user-storage-key';
import { domainFixture } from '../../../shared/testing/api-fixtures';
import { jsonResponse } from '../../../shared/testing/test-providers';
import { domainPagesOptions } from '../api/get-domains';
import { CreateDomainDrawer } from './create-domain-drawer';

const existing = domainFixture({ uuid: 'd0', domain_name: 'old.ca' });

function mockApi({ fail = false } = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/domain/nameservers')) {
      return jsonResponse({ nameservers: ['ns1.meridian.test', 'ns2.meridian.test'] });
    }
    if (url.endsWith('/domain/name') && init?.method === 'POST') {
      if (fail) return jsonResponse({ message: 'This domain is already added' }, 409);
      const body = JSON.parse(String(init.body)) as { domain_name: string };
      return jsonResponse({ ...existing, uuid: 'd1', ...body, name: body.domain_name });
    }
    if (url.includes('/domain/name/page')) {
      return jsonResponse({ items: [existing], total: 1, offset: 0, limit: 50 });
    }
    return jsonResponse({ message: 'not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderDrawer() {
  const onClose = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(domainPagesOptions().queryKey, {
    pages: [{ items: [existing], total: 1, offset: 0, limit: 50 }],
    pageParams: [0],
  });
  const router = createMemoryRouter([
    { path: '/', element: <CreateDomainDrawer open onClose={onClose} /> },
  ]);
  render(
    <QueryClientProvider client={queryClient}>
      <AntdApp>
        <NotificationBridge />
        <RouterProvider router={router} />
      </AntdApp>
    </QueryClientProvider>,
  );
  return { onClose, queryClient };
}

describe('CreateDomainDrawer', () => {
  beforeEach(() => {
    window.localStorage.setItem(
      USER_STORAGE_KEY,
      JSON.stringify({ userId: 'u', userEmail: 'e', token: 't' }),
    );
  });

  it('shows the default name servers with a link to the instructions', async () => {
    mockApi();
    renderDrawer();
    const list = await screen.findByTestId('nameservers');
    expect(within(list).getByText('ns1.meridian.test')).toBeTruthy();
    expect(within(list).getByText('ns2.meridian.test')).toBeTruthy();
    expect(
      screen.getByText('How to set them at your registrar').closest('a')?.getAttribute('href'),
    ).toBe('/references/nameservers');
  });

  it('refuses an invalid domain and email, then appends the created domain', async () => {
    const fetchMock = mockApi();
    const user = userEvent.setup({ delay: null });
    const { onClose, queryClient } = renderDrawer();
    const submit = await screen.findByText('Add domain');

    await user.click(submit);
    expect(await screen.findByText('This is not a valid domain')).toBeTruthy();
    await user.type(screen.getByLabelText('Domain name'), 'not a domain');
    await user.type(screen.getByLabelText('Email'), 'nope');
    await user.click(submit);
    expect(await screen.findByText('This is not a valid email')).toBeTruthy();
    expect(screen.getByText('This is not a valid domain')).toBeTruthy();

    await user.clear(screen.getByLabelText('Domain name'));
    await user.type(screen.getByLabelText('Domain name'), ' Example.CA ');
    await user.clear(screen.getByLabelText('Email'));
    await user.click(submit);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ domain_name: 'example.ca' });
    const pages = queryClient.getQueryData(domainPagesOptions().queryKey)?.pages;
    expect(pages?.[0]?.items.map((domain) => domain.domain_name)).toEqual(['old.ca', 'example.ca']);
    expect(pages?.[0]?.total).toBe(2);
  });

  it('says "Domain creation failed." with the server message', async () => {
    mockApi({ fail: true });
    const user = userEvent.setup({ delay: null });
    const { onClose } = renderDrawer();
    await user.type(await screen.findByLabelText('Domain name'), 'old.ca');
    await user.click(screen.getByText('Add domain'));
    expect(await screen.findByText('Domain creation failed.')).toBeTruthy();
    expect(await screen.findByText('This domain is already added')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
