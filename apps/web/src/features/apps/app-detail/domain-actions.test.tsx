import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntdApp } from 'antd';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as downloads from '../../../shared/lib/download-file';
import { NotificationBridge } from '../../../shared/notifications/notification-bridge';
import { USER_STORAGE_KEY } from '../../../shared/session/user-storage-key';
import { deploymentFixture } from '../../../shared/testing/api-fixtures';
import { jsonResponse } from '../../../shared/testing/test-providers';
import { DownloadCertificatePanel, EnableHttpsPanel } from './https-panels';
import { SubdomainFailureAlert } from './subdomain-failure-alert';

const deployment = deploymentFixture({
  uuid: 'dep-1',
  domain_names: ['shop.example.ca', 'example.ca'],
});

const pem = '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n';

function mockApi() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/certificate/deployments/dep-1') && init?.method === 'POST') {
      return jsonResponse({ ...deployment, certificate_uuid: 'cert-1' });
    }
    if (url.endsWith('/certificate/authority')) return jsonResponse({ kind: 'local' });
    if (url.endsWith('/certificate/deployments/dep-1/pem')) {
      return new Response(pem, { headers: { 'Content-Type': 'application/x-pem-file' } });
    }
    if (url.endsWith('/domain/dns/user/entries/deployments/dep-1') && init?.method === 'PUT') {
      return jsonResponse({ ...deployment, status: 'pending' });
    }
    return jsonResponse({ message: 'not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderWith(children: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AntdApp>
        <NotificationBridge />
        {children}
      </AntdApp>
    </QueryClientProvider>,
  );
}

describe('HTTPS and subdomain actions', () => {
  beforeEach(() => {
    window.localStorage.setItem(
      USER_STORAGE_KEY,
      JSON.stringify({ userId: 'u', userEmail: 'e', token: 't' }),
    );
  });

  it('enables HTTPS after a confirmation', async () => {
    const fetchMock = mockApi();
    const user = userEvent.setup({ delay: null });
    renderWith(<EnableHttpsPanel deployment={deployment} />);
    await user.click(screen.getByText('Enable HTTPS').closest('button')!);
    expect(await screen.findAllByText('Enable HTTPS for this deployment?')).not.toHaveLength(0);
    // Only the authority was read (which note to show); nothing is sent before the confirmation.
    const posts = () => fetchMock.mock.calls.filter((call) => call[1]?.method === 'POST');
    expect(posts()).toHaveLength(0);
    const buttons = screen.getAllByText('Enable HTTPS');
    await user.click(buttons[buttons.length - 1]!.closest('button')!);
    expect(await screen.findByText('HTTPS enabled.')).toBeTruthy();
    expect(posts()).toHaveLength(1);
  });

  it('refuses HTTPS without a domain name', () => {
    mockApi();
    renderWith(<EnableHttpsPanel deployment={{ ...deployment, domain_names: [] }} />);
    expect(
      screen.getByText('Give the deployment a domain name before enabling HTTPS'),
    ).toBeTruthy();
    expect((screen.getByText('Enable HTTPS').closest('button') as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('saves the PEM chain as <first domain name>.pem', async () => {
    mockApi();
    const save = vi.spyOn(downloads, 'downloadTextFile').mockImplementation(() => {});
    const user = userEvent.setup({ delay: null });
    renderWith(
      <DownloadCertificatePanel deployment={{ ...deployment, certificate_uuid: 'cert-1' }} />,
    );
    await user.click(screen.getByText('Download shop.example.ca.pem').closest('button')!);
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith('shop.example.ca.pem', pem, 'application/x-pem-file'),
    );
  });

  it('offers a retry that re-sends the same names after a subdomain update failure', async () => {
    const fetchMock = mockApi();
    const user = userEvent.setup({ delay: null });
    renderWith(
      <SubdomainFailureAlert deployment={{ ...deployment, status: 'update_subdomains_failure' }} />,
    );
    expect(screen.getByText('Update subdomains failed, please retry')).toBeTruthy();
    await user.click(screen.getByText('Retry').closest('button')!);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      domain_names: ['shop.example.ca', 'example.ca'],
    });
  });

  it('shows nothing for other statuses', () => {
    mockApi();
    renderWith(<SubdomainFailureAlert deployment={deployment} />);
    expect(screen.queryByTestId('subdomain-failure')).toBeNull();
  });
});
