import type { LoginState } from '@meridian/domain/auth/login';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_STORAGE_KEY } from '../../shared/session/user-storage-key';
import {
  appFixture,
  deploymentFixture,
  smartClusterFixture,
} from '../../shared/testing/api-fixtures';
import { createTestStore, jsonResponse, renderRoutes } from '../../shared/testing/test-providers';
import { ClusterIntegrationPage } from './cluster-integration-page';

const session: LoginState = {
  isPending: false,
  isFulFilled: true,
  isRejected: false,
  data: { userId: 'user-42', userEmail: 'dev@example.com', token: 't' },
};

const smartClusters = [
  smartClusterFixture({ uuid: 'sc-idle', name: 'idle' }),
  smartClusterFixture({ uuid: 'sc-edge', name: 'edge' }),
  smartClusterFixture({ uuid: 'sc-core', name: 'core', status: 'updating' }),
];

const apps = [
  appFixture({
    uuid: 'app-shop',
    name: 'shop',
    deployments: [deploymentFixture({ uuid: 'd1', smart_cluster_uuid: 'sc-edge' })],
  }),
  appFixture({
    uuid: 'app-blog',
    name: 'blog',
    deployments: [deploymentFixture({ uuid: 'd2', smart_cluster_uuid: 'sc-core' })],
  }),
];

function mockApi({ withApps = apps, withClusters = smartClusters } = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.endsWith('/cluster/smart_clusters')) return jsonResponse(withClusters);
    if (url.endsWith('/meridian/v1/kube/apps')) return jsonResponse(withApps);
    return jsonResponse({ message: 'not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPage() {
  const store = createTestStore({ session: () => session });
  return renderRoutes(
    [
      { path: '/references/cluster-integration', element: <ClusterIntegrationPage /> },
      { path: '/api-key', element: <h1>API key page</h1> },
    ],
    { initialEntries: ['/references/cluster-integration'], store },
  );
}

const appCommand = () => screen.getByTestId('rollout-command-app').textContent ?? '';
const clusterCommand = () => screen.getByTestId('rollout-command-smart-cluster').textContent ?? '';

describe('ClusterIntegrationPage', () => {
  beforeEach(() => {
    window.localStorage.setItem(
      USER_STORAGE_KEY,
      JSON.stringify({ userId: 'user-42', userEmail: 'dev@example.com', token: 't' }),
    );
  });

  it('fills both examples with the user id, the first app and the first smart cluster it runs on', async () => {
    mockApi();
    renderPage();
    await screen.findByTestId('rollout-command-app');
    const origin = window.location.origin;
    expect(appCommand()).toContain(
      `curl -X PUT "${origin}/meridian/v1/kube/apps/app-shop/deployment"`,
    );
    expect(appCommand()).toContain('-H "Authorization: ApiKey $MERIDIAN_API_KEY"');
    expect(appCommand()).toContain('-H "x-user-id: user-42"');
    expect(appCommand()).toContain(`"cluster_uuids":["sc-edge"]`);
    expect(clusterCommand()).toContain(
      `curl -X PUT "${origin}/intelligence/clusters/sc-edge/deployment/app-shop"`,
    );
    expect(clusterCommand()).toContain(`-d '{"image_name":"registry.example.com/team/app:1.2.3"}'`);
    expect(screen.queryByText(/is not deployed on/)).toBeNull();
  });

  it('follows the picked app to the smart cluster it runs on, and warns for one it does not', async () => {
    mockApi();
    const user = userEvent.setup();
    renderPage();
    await screen.findByTestId('rollout-command-app');

    await user.click(screen.getByLabelText('App'));
    await user.click(await screen.findByTitle('blog'));
    await waitFor(() => expect(appCommand()).toContain('/apps/app-blog/deployment'));
    expect(appCommand()).toContain(`"cluster_uuids":["sc-core"]`);
    expect(clusterCommand()).toContain('/intelligence/clusters/sc-core/deployment/app-blog');

    await user.click(screen.getByLabelText('Smart cluster'));
    await user.click(await screen.findByTitle('idle'));
    await waitFor(() => expect(appCommand()).toContain(`"cluster_uuids":["sc-idle"]`));
    expect(screen.getByText(/blog is not deployed on idle/)).toBeTruthy();
  });

  it('lists the UUIDs with their names, and explains where the pages show them', async () => {
    mockApi();
    renderPage();
    const table = await screen.findByRole('table');
    await within(table).findByText('app-shop');
    expect(within(table).getByText('sc-core')).toBeTruthy();
    expect(within(table).getByText('Updating...')).toBeTruthy();
    expect(within(table).getAllByRole('button', { name: /copy/i }).length).toBeGreaterThanOrEqual(
      5,
    );
    expect(screen.getByText(/\/apps\/<APP_UUID>/)).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Clusters page' })[0]?.getAttribute('href')).toBe(
      '/clusters',
    );
  });

  it('shows placeholders and how to get the ids when the user has no apps or smart clusters', async () => {
    mockApi({ withApps: [], withClusters: [] });
    renderPage();
    await screen.findByTestId('rollout-command-app');
    expect(appCommand()).toContain('/meridian/v1/kube/apps/<APP_UUID>/deployment');
    expect(appCommand()).toContain(`"cluster_uuids":["<SMART_CLUSTER_UUID>"]`);
    expect(clusterCommand()).toContain(
      '/intelligence/clusters/<SMART_CLUSTER_UUID>/deployment/<APP_UUID>',
    );
    expect(screen.getByText(/You have no apps yet/)).toBeTruthy();
    expect(screen.getByText(/You have no smart clusters yet/)).toBeTruthy();
    expect(screen.getByText('No apps or smart clusters yet')).toBeTruthy();
  });

  it('copies a command and links to the API key page', async () => {
    mockApi();
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { router } = renderPage();
    await screen.findByTestId('rollout-command-app');

    await user.click(
      screen.getByRole('button', {
        name: 'Copy the command: Roll out an image to chosen smart clusters',
      }),
    );
    expect(writeText).toHaveBeenCalledWith(appCommand());
    expect(await screen.findByText('Command copied to the clipboard.')).toBeTruthy();

    await user.click(screen.getByRole('link', { name: 'Create an API key' }));
    expect(router.state.location.pathname).toBe('/api-key');
  });
});
