import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_STORAGE_KEY } from '../../shared/session/user-storage-key';
import {
  appFixture,
  clusterFixture,
  deploymentFixture,
  smartClusterFixture,
  versionFixture,
} from '../../shared/testing/api-fixtures';
import { jsonResponse, renderRoutes } from '../../shared/testing/test-providers';
import { SupportPage } from './support-page';

function renderAt(path: string) {
  return renderRoutes(
    [
      { path: '/support', element: <SupportPage /> },
      { path: '/support/smart-cluster/:jobUuid', element: <SupportPage jobKind="smart-cluster" /> },
      { path: '/support/app/:jobUuid', element: <SupportPage jobKind="app" /> },
      { path: '/support/cluster/:jobUuid', element: <SupportPage jobKind="cluster" /> },
    ],
    { initialEntries: [path] },
  );
}

describe('SupportPage', () => {
  beforeEach(() => {
    window.localStorage.setItem(
      USER_STORAGE_KEY,
      JSON.stringify({ userId: 'u', userEmail: 'e', token: 't' }),
    );
  });

  it('shows the contact channel and the references, and asks for nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/support');
    const email = await screen.findByRole('link', { name: 'support@meridian.example' });
    expect(email.getAttribute('href')).toMatch(/^mailto:support@meridian\.example\?subject=/);
    expect(screen.getByText(/Monday to Friday/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Terms of service' }).getAttribute('href')).toBe(
      '/terms-of-services',
    );
    expect(screen.queryByTestId('support-job')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a failed smart cluster with its status and reason, reading only that one', async () => {
    const fetchMock = vi.fn((url: string) =>
      Promise.resolve(
        url.endsWith('/cluster/clusters/sc-9')
          ? jsonResponse({
              smart_cluster: smartClusterFixture({
                uuid: 'sc-9',
                name: 'prod',
                status: 'failure',
                status_reason: 'quota exceeded',
              }),
              clusters: [],
            })
          : jsonResponse({ message: 'Not found' }, 404),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/support/smart-cluster/sc-9');
    expect(await screen.findByText('prod')).toBeTruthy();
    expect(screen.getByTestId('support-job-status').textContent).toBe('Failed');
    expect(screen.getByTestId('support-job-reason').textContent).toBe('quota exceeded');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/cluster/clusters/sc-9']);
    const email = screen.getByRole('link', { name: 'support@meridian.example' });
    expect(decodeURIComponent(email.getAttribute('href')!)).toContain('Smart cluster job sc-9');
  });

  it('says an unknown smart cluster is not found, rather than that the lookup failed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(jsonResponse({ message: 'Smart cluster not found' }, 404)),
    );
    renderAt('/support/smart-cluster/sc-0');
    expect(await screen.findByText(/not among your resources/)).toBeTruthy();
    expect(screen.queryByText(/could not be looked up/)).toBeNull();
  });

  it('asks the user to contact support when a failure gave no reason', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        jsonResponse([
          clusterFixture({
            uuid: 'c-1',
            name: 'prod-ca',
            location: 'Toronto',
            status: 'failure',
          }),
        ]),
      ),
    );
    renderAt('/support/cluster/c-1');
    expect(await screen.findByText('Toronto')).toBeTruthy();
    expect(screen.getByText(/Something went wrong with this job/)).toBeTruthy();
  });

  it('shows a deployed app job, and says when a job is not found', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        jsonResponse([
          appFixture({
            uuid: 'a-1',
            name: 'shop',
            versions: [versionFixture({ uuid: 'v-1', app_uuid: 'a-1', name: 'v1' })],
            deployments: [
              deploymentFixture({
                uuid: 'd-1',
                app_uuid: 'a-1',
                version_uuid: 'v-1',
                cluster_name: 'prod-ca-toronto',
                version: { uuid: 'v-1', name: 'v1' },
              }),
            ],
          }),
        ]),
      ),
    );
    const { router } = renderAt('/support/app/d-1');
    expect(await screen.findByText('shop · v1')).toBeTruthy();
    expect(screen.getByTestId('support-job-status').textContent).toBe('Deployed');
    await router.navigate('/support/app/missing');
    expect(await screen.findByText(/not among your resources/)).toBeTruthy();
  });

  it('still offers the contact channel when the lookup fails', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse({ message: 'boom' }, 500)));
    renderAt('/support/cluster/c-1');
    expect(await screen.findByText(/could not be looked up/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'support@meridian.example' })).toBeTruthy();
  });
});
