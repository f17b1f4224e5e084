import type { App, Deployment, Version } from '@meridian/domain/apps/app-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_STORAGE_KEY } from '../../shared/session/user-storage-key';
import {
  domainFixture,
  smartClusterFixture,
  smartClusterPageAnswer,
} from '../../shared/testing/api-fixtures';
import { jsonResponse, renderRoutes } from '../../shared/testing/test-providers';
import { AppDetailPage } from './app-detail-page';

const version: Version = {
  uuid: 'v1',
  app_uuid: 'a1',
  name: 'v1',
  template_type: 'KUBERNETES_BASIC',
  template_name: 'shop.yaml',
  flavor_name: null,
  volume_type: null,
  status: 'success',
  smart_cluster_uuids: ['s1', 's2', 's3', 's4'],
  createdAt: '2026-11-21T10:00:00Z',
  updatedAt: '2026-11-21T10:00:00Z',
};

function deployment(uuid: string, smartCluster: string, overrides: Partial<Deployment> = {}) {
  const value: Deployment = {
    uuid,
    app_uuid: 'a1',
    version_uuid: 'v1',
    smart_cluster_uuid: smartCluster,
    smart_cluster_name: `sc-${smartCluster}`,
    cluster_uuid: `c-${uuid}`,
    cluster_name: `cluster-${uuid}`,
    datacenter_uuid: 'ca-montreal',
    datacenter_name: 'Montréal',
    status: 'success',
    status_reason: null,
    endpoint: '203.0.113.7',
    domain_names: ['shop.example.com'],
    certificate_uuid: null,
    ports: [{ name: 'http', port: 80 }],
    template: [{ kind: 'Deployment', metadata: { name: 'shop' }, spec: { replicas: 3 } }],
    image_name: null,
    ready_replicas: 2,
    flavor_name: null,
    volume_type: null,
    app: { uuid: 'a1', name: 'shop' },
    version: { uuid: 'v1', name: 'v1' },
    createdAt: '2026-11-21T10:00:00Z',
    updatedAt: '2026-11-21T10:00:00Z',
  };
  return { ...value, ...overrides };
}

const app: App = {
  uuid: 'a1',
  name: 'shop',
  description: 'The web shop',
  organization_uuid: null,
  createdAt: '2026-11-21T10:00:00Z',
  updatedAt: '2026-11-21T10:00:00Z',
  versions: [version],
  deployments: [
    deployment('d1', 's1'),
    deployment('d2', 's2'),
    deployment('d3', 's3'),
    deployment('d4', 's4', {
      status: 'failure',
      status_reason: 'Image pull failed: nginx:nope',
    }),
  ],
};

type Handler = (url: string, init?: RequestInit) => Response | undefined;

function mockApi(handler: Handler = () => undefined) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const handled = handler(url, init);
    if (handled) return handled;
    if (url.endsWith(`/meridian/v1/kube/apps/${app.uuid}`) && (init?.method ?? 'GET') === 'GET') {
      return jsonResponse(app);
    }
    if (url.includes('/cluster/smart_clusters/page')) {
      return jsonResponse(smartClusterPageAnswer([], new URL(url, 'http://localhost')));
    }
    return jsonResponse({ message: 'not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderAt(path: string) {
  return renderRoutes(
    [
      { path: '/apps/:appId', element: <AppDetailPage /> },
      { path: '/apps/:appId/:deploymentId', element: <AppDetailPage /> },
      { path: '/home', element: <p>Home page</p> },
    ],
    { initialEntries: [path] },
  );
}

describe('AppDetailPage', () => {
  beforeEach(() => {
    window.localStorage.setItem(
      USER_STORAGE_KEY,
      JSON.stringify({ userId: 'u', userEmail: 'e', token: 't' }),
    );
  });

  it('lists version cards with at most 3 smart clusters and links to each deployment', async () => {
    const fetchMock = mockApi();
    renderAt('/apps/a1');
    const card = await screen.findByTestId('version-card');
    // The app alone: never the list of every app.
    const asked = fetchMock.mock.calls.map(([input]) => String(input));
    expect(asked).toContain('/meridian/v1/kube/apps/a1');
    expect(asked).not.toContain('/meridian/v1/kube/apps');
    const clusters = within(card).getByTestId('version-smart-clusters');
    expect(clusters.textContent).toBe('sc-s1sc-s2sc-s3…');
    expect(within(card).getByTestId('version-status').textContent).toBe('Deployed');
    const link = within(card).getByRole('link', { name: /cluster-d2/ });
    expect(link.getAttribute('href')).toBe('/apps/a1/d2');
  });

  it('opens the version drawer with deploy offered and no domain action', async () => {
    mockApi();
    const user = userEvent.setup();
    renderAt('/apps/a1');
    await user.click(await screen.findByTestId('version-card'));
    const menu = await screen.findByTestId('version-actions');
    const labels = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(labels).toEqual(['Create version', 'Details', 'Deploy', 'Delete version']);
    expect(await screen.findByTestId('version-details')).toBeTruthy();
    await user.click(within(menu).getByText('Deploy'));
    await user.click(await screen.findByRole('button', { name: 'Deploy' }));
    expect(await screen.findByText('Please choose a cluster')).toBeTruthy();
  });

  it('deploys the version onto a smart cluster found by a search on the server', async () => {
    const smartClusters = [
      smartClusterFixture({ uuid: 's1', name: 'sc-s1', status: 'success', order: 0 }),
      smartClusterFixture({ uuid: 's8', name: 'edge-building', status: 'creating', order: 1 }),
      smartClusterFixture({ uuid: 's9', name: 'edge-toronto', status: 'success', order: 2 }),
    ];
    const deploys: unknown[] = [];
    const fetchMock = mockApi((url, init) => {
      if (url.includes('/cluster/smart_clusters/page')) {
        return jsonResponse(smartClusterPageAnswer(smartClusters, new URL(url, 'http://x')));
      }
      if (init?.method === 'POST' && url.endsWith('/cluster/clusters/versions')) {
        deploys.push(JSON.parse(String(init.body)));
        return jsonResponse({ message: 'started' });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderAt('/apps/a1');
    await user.click(await screen.findByTestId('version-card'));
    await user.click(within(await screen.findByTestId('version-actions')).getByText('Deploy'));
    const picker = await screen.findByRole('combobox', { name: 'Smart clusters' });
    await user.type(picker, 'edge');
    const option = (title: string) =>
      document.querySelector<HTMLElement>(`.ant-select-item-option[title="${title}"]`);
    await waitFor(() => expect(option('edge-toronto')).not.toBeNull());
    // A smart cluster not ready yet is not offered.
    expect(option('edge-building')).toBeNull();
    const searches = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://x'))
      .filter((url) => url.pathname === '/cluster/smart_clusters/page')
      .map((url) => url.searchParams.get('search'));
    expect(searches).toContain('edge');
    await user.click(option('edge-toronto')!);
    await user.click(screen.getByRole('button', { name: 'Deploy' }));
    await waitFor(() =>
      expect(deploys).toEqual([{ version_uuid: 'v1', smart_cluster_uuids: ['s9'] }]),
    );
  });

  it('renames the app through a multipart PUT, and not when unchanged', async () => {
    const puts: FormData[] = [];
    mockApi((url, init) => {
      if (init?.method === 'PUT' && url.endsWith('/meridian/v1/kube/apps/a1')) {
        puts.push(init.body as FormData);
        return jsonResponse({ ...app, name: 'store' });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderAt('/apps/a1');
    await user.click(await screen.findByRole('button', { name: 'App name: shop' }));
    await user.keyboard('{Enter}');
    expect(puts).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'App name: shop' }));
    const input = screen.getByRole('textbox', { name: 'App name' });
    await user.clear(input);
    await user.type(input, 'store{Enter}');
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]!.get('name')).toBe('store');
    expect(puts[0]!.has('description')).toBe(false);
  });

  it('goes home after a successful app deletion', async () => {
    mockApi((url, init) =>
      init?.method === 'DELETE' && url.endsWith('/meridian/v1/kube/apps/a1')
        ? jsonResponse({ status: 'success' })
        : undefined,
    );
    const user = userEvent.setup();
    const { router } = renderAt('/apps/a1');
    await user.click(await screen.findByRole('button', { name: /Delete app/ }));
    expect(
      await screen.findByText(
        'All versions and deployments of this app are deleted as well. This cannot be undone.',
      ),
    ).toBeTruthy();
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete app' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('shows a successful deployment as cards, with update_domain offered', async () => {
    mockApi((url) =>
      url.endsWith('/domain/name')
        ? jsonResponse([domainFixture({ uuid: 'dom-1', domain_name: 'example.com' })])
        : undefined,
    );
    const user = userEvent.setup();
    renderAt('/apps/a1/d1');
    await screen.findByTestId('deployment-view');
    const cluster = screen.getByTestId('card-cluster');
    expect(within(cluster).getByRole('link').getAttribute('href')).toBe('/datacenters/ca-montreal');
    expect(within(cluster).getByText('Montréal')).toBeTruthy();
    expect(screen.getByTestId('card-replicas').textContent).toContain('3');
    expect(screen.getByTestId('card-replicas').textContent).toContain('2 ready');
    expect(within(screen.getByTestId('card-status')).getByText('Deployed')).toBeTruthy();
    expect(screen.getByTestId('card-domain-names').textContent).toContain('shop.example.com');
    expect(screen.getByTestId('card-load-balancer').textContent).toContain('203.0.113.7');
    expect(screen.getByTestId('card-ports').textContent).toContain('80');
    // Stack outputs belong to Heat deployments only.
    expect(screen.queryByTestId('card-stack-outputs')).toBeNull();

    await user.click(screen.getByRole('button', { name: /Version actions/ }));
    const menu = await screen.findByTestId('version-actions');
    const labels = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(labels).toContain('Update domain');
    expect(labels).not.toContain('Deploy');
    await user.click(within(menu).getByText('Update domain'));
    const form = await screen.findByTestId('update-domain-form');
    expect((within(form).getByLabelText('Domain name 1') as HTMLInputElement).value).toBe('shop');
  });

  it('shows a failed deployment with its reason and without domains, address or ports', async () => {
    mockApi();
    renderAt('/apps/a1/d4');
    expect((await screen.findByTestId('deployment-failure')).textContent).toContain(
      'Image pull failed: nginx:nope',
    );
    expect(screen.queryByTestId('card-domain-names')).toBeNull();
    expect(screen.queryByTestId('card-load-balancer')).toBeNull();
    expect(screen.queryByTestId('card-ports')).toBeNull();
    // Flavor and volume type size Heat stacks: a Kubernetes deployment shows no "None" for them.
    expect(screen.queryByTestId('card-flavor')).toBeNull();
    expect(screen.queryByTestId('card-volume-type')).toBeNull();
  });

  it('removes a deployment after confirmation and goes back to the app', async () => {
    const bodies: unknown[] = [];
    mockApi((url, init) => {
      if (init?.method === 'DELETE' && url.endsWith('/meridian/v1/kube/apps/deployment')) {
        bodies.push(JSON.parse(String(init.body)));
        return jsonResponse({ status: 'success' });
      }
      return undefined;
    });
    const user = userEvent.setup();
    const { router } = renderAt('/apps/a1/d2');
    await user.click(await screen.findByRole('button', { name: /Remove deployment/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/apps/a1'));
    expect(bodies).toEqual([{ uuids: ['d2'] }]);
  });

  it('says which smart cluster the version could not be removed from (spec message)', async () => {
    mockApi((url, init) =>
      init?.method === 'DELETE' && url.endsWith('/meridian/v1/kube/apps/deployment')
        ? jsonResponse(
            { message: 'The deployment is being updated; try again when it is done.' },
            409,
          )
        : undefined,
    );
    const user = userEvent.setup();
    const { router } = renderAt('/apps/a1/d2');
    await user.click(await screen.findByRole('button', { name: /Remove deployment/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    const smartCluster = app.deployments.find((entry) => entry.uuid === 'd2')!.smart_cluster_name;
    expect(
      await screen.findByText(`Cannot remove version from smart cluster ${smartCluster}.`),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/apps/a1/d2');
  });

  it('sends an unknown deployment back to the app, and an unknown app home', async () => {
    mockApi();
    const first = renderAt('/apps/a1/nope');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/apps/a1'));
    first.unmount();
    const second = renderAt('/apps/missing');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/home'));
  });
});
