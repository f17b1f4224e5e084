import type { SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import type { Status } from '@meridian/domain/status';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_STORAGE_KEY } from '../../../shared/session/user-storage-key';
import { deploymentFixture, smartClusterFixture } from '../../../shared/testing/api-fixtures';
import { jsonResponse, renderRoutes } from '../../../shared/testing/test-providers';
import { ClusterDetailsDrawer } from './cluster-details-drawer';

const smartCluster: SmartCluster = smartClusterFixture();

const deployment = (uuid: string, app: string, version: string, status: Status) =>
  deploymentFixture({
    uuid,
    app_uuid: `app-${app}`,
    version_uuid: `v-${version}`,
    smart_cluster_uuid: 'sc-1',
    cluster_name: 'edge-ca-montreal',
    datacenter_name: 'Montréal',
    status,
    app: { uuid: `app-${app}`, name: app },
    version: { uuid: `v-${version}`, name: version },
  });

function mockDeployments(body: unknown, status = 200) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
    String(input).endsWith('/meridian/v1/kube/apps/deployment/smart_cluster/sc-1')
      ? jsonResponse(body, status)
      : jsonResponse({ message: 'not found' }, 404),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function AppScreen() {
  const location = useLocation();
  return <pre data-testid="app-screen">{JSON.stringify([location.pathname, location.state])}</pre>;
}

function renderDrawer(cluster: SmartCluster = smartCluster) {
  return renderRoutes(
    [
      {
        path: '/clusters',
        element: (
          <ClusterDetailsDrawer
            smartCluster={cluster}
            members={[]}
            datacenters={[]}
            onClose={() => {}}
          />
        ),
      },
      { path: '/apps/:appId/:deploymentId', element: <AppScreen /> },
    ],
    { initialEntries: ['/clusters'] },
  );
}

describe('ClusterDetailsDrawer apps', () => {
  beforeEach(() => {
    window.localStorage.setItem(
      USER_STORAGE_KEY,
      JSON.stringify({ userId: 'u', userEmail: 'e', token: 't' }),
    );
  });

  it('lists the deployments with their status and opens one with the way back to the cluster', async () => {
    mockDeployments([
      deployment('d1', 'shop', 'v1', 'success'),
      deployment('d2', 'blog', 'v2', 'updating'),
    ]);
    const user = userEvent.setup();
    renderDrawer();
    const apps = await screen.findByRole('list', { name: 'Apps' });
    const items = await within(apps).findAllByTestId('cluster-app');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Deployed')).toBeTruthy();
    expect(within(items[0]!).getByText('Montréal · edge-ca-montreal')).toBeTruthy();
    expect(within(items[1]!).getByText('Updating...')).toBeTruthy();
    const link = within(items[1]!).getByRole('link', { name: 'blog - v2' });
    expect(link.getAttribute('href')).toBe('/apps/app-blog/d2');

    await user.click(link);
    expect((await screen.findByTestId('app-screen')).textContent).toBe(
      JSON.stringify(['/apps/app-blog/d2', { from: 'cluster', smartClusterUuid: 'sc-1' }]),
    );
  });

  it('says None when nothing runs on the smart cluster', async () => {
    mockDeployments([]);
    renderDrawer();
    expect(await screen.findByText('None')).toBeTruthy();
  });

  it('does not link the apps of a failed smart cluster', async () => {
    mockDeployments([deployment('d1', 'shop', 'v1', 'failure')]);
    renderDrawer({ ...smartCluster, status: 'failure' });
    const item = await screen.findByTestId('cluster-app');
    expect(within(item).getByText('shop - v1')).toBeTruthy();
    expect(within(item).queryByRole('link')).toBeNull();
    expect(within(item).getByText('Failed')).toBeTruthy();
  });

  it('says so when the deployments cannot be loaded', async () => {
    mockDeployments({ message: 'boom' }, 500);
    renderDrawer();
    expect(
      await screen.findByText('The apps of this smart cluster could not be loaded.'),
    ).toBeTruthy();
  });
});
