import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_STORAGE_KEY } from '../../shared/session/user-storage-key';
import {
  clusterFixture,
  smartClusterFixture,
  smartClusterPageAnswer,
} from '../../shared/testing/api-fixtures';
import { jsonResponse, renderRoutes } from '../../shared/testing/test-providers';
import { ClustersPage } from './clusters-page';

const smartClusters = [
  smartClusterFixture({
    uuid: 'auto',
    name: 'edge',
    mode: 'AUTOMATIC',
    latency: 40,
    budget: 500,
    order: 2,
  }),
  smartClusterFixture({
    uuid: 'broken',
    name: 'staging',
    status: 'failure',
    status_reason: 'Quota exceeded in ca-toronto.',
    datacenters: ['ca-toronto'],
    datacenter_uuid: 'ca-toronto',
    order: 1,
  }),
];

const members = [
  clusterFixture({
    uuid: 'm1',
    smart_cluster_uuid: 'auto',
    kube_version: 'v1.31.0',
    monitoring_path: '/monitoring/clusters/m1/d/k8s-nodes/nodes',
  }),
];

function mockApi(listed = smartClusters) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const path = new URL(url, 'http://localhost');
    if (path.pathname === '/cluster/smart_clusters/page') {
      return jsonResponse(smartClusterPageAnswer(listed, path));
    }
    const one = /^\/cluster\/clusters\/([^/]+)$/.exec(path.pathname);
    const smartCluster = one && listed.find((item) => item.uuid === one[1]);
    if (smartCluster) {
      const own = members.filter((member) => member.smart_cluster_uuid === smartCluster.uuid);
      return jsonResponse({ smart_cluster: smartCluster, clusters: own });
    }
    if (url.endsWith('/cluster/datacenters')) return jsonResponse([]);
    if (url.includes('/meridian/v1/kube/apps/deployment/smart_cluster/')) return jsonResponse([]);
    return jsonResponse({ message: 'not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('ClustersPage', () => {
  beforeEach(() => {
    window.localStorage.setItem(
      USER_STORAGE_KEY,
      JSON.stringify({ userId: 'u', userEmail: 'e', token: 't' }),
    );
  });

  it('lists the cards in the stored order with N/A and $ values', async () => {
    mockApi();
    renderRoutes([{ path: '/clusters', element: <ClustersPage /> }], {
      initialEntries: ['/clusters'],
    });
    const cards = await screen.findAllByTestId('smart-cluster-card');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['staging', 'edge']);
    expect(within(cards[0]!).getByTestId('cluster-budget').textContent).toBe('N/A');
    expect(within(cards[1]!).getByTestId('cluster-budget').textContent).toBe('$500');
    expect(within(cards[1]!).getByTestId('cluster-latency').textContent).toBe('40');
    expect(within(cards[0]!).getByText('Failed')).toBeTruthy();
  });

  it('filters by the mode and status tags, with select all and clear all', async () => {
    mockApi();
    const user = userEvent.setup();
    renderRoutes([{ path: '/clusters', element: <ClustersPage /> }], {
      initialEntries: ['/clusters'],
    });
    await screen.findAllByTestId('smart-cluster-card');
    await user.click(screen.getByRole('button', { name: /Filter/ }));
    const panel = screen.getByRole('region', { name: 'Filter' });
    await user.click(within(panel).getByText('Automatic'));
    await waitFor(() => expect(screen.getAllByTestId('smart-cluster-card')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Select all' }));
    await waitFor(() => expect(screen.getAllByTestId('smart-cluster-card')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(await screen.findByText('No clusters of this type')).toBeTruthy();
  });

  it('warns instead of editing a failed smart cluster, and shows automatic details', async () => {
    mockApi();
    const user = userEvent.setup();
    renderRoutes([{ path: '/clusters', element: <ClustersPage /> }], {
      initialEntries: ['/clusters'],
    });
    await screen.findAllByTestId('smart-cluster-card');
    await user.click(screen.getByRole('button', { name: 'Actions for staging' }));
    await user.click(await screen.findByText('Update'));
    expect(await screen.findByText('Cannot edit a failed Smart Cluster.')).toBeTruthy();

    await user.click(screen.getByRole('article', { name: 'edge' }));
    const details = await screen.findByTestId('cluster-details');
    expect(within(details).getByText('40 ms')).toBeTruthy();
    expect(within(details).getByText('$500')).toBeTruthy();
    expect(within(details).getByText('Montréal')).toBeTruthy();
    // Issue 34: an automatic smart cluster's locations offer their kubeconfig too.
    expect(within(details).getByText('Download Kubeconfig')).toBeTruthy();
    const monitoring = within(details).getByRole('link', { name: /Monitoring/ });
    const href = new URL(monitoring.getAttribute('href') ?? '');
    // Meridian serves the page: on the console's own origin, with the dashboard's query.
    expect(`${href.origin}${href.pathname}`).toBe(
      `${window.location.origin}/monitoring/clusters/m1/d/k8s-nodes/nodes`,
    );
    expect(href.searchParams.get('refresh')).toBe('10s');
    // The Apps section loads the smart cluster's deployments; none run on it here.
    expect(await within(details).findByText('None')).toBeTruthy();
  });

  it('opens the update drawer on the smart cluster read in full', async () => {
    const fetchMock = mockApi();
    const user = userEvent.setup();
    renderRoutes([{ path: '/clusters', element: <ClustersPage /> }], {
      initialEntries: ['/clusters'],
    });
    await screen.findAllByTestId('smart-cluster-card');
    await user.click(screen.getByRole('button', { name: 'Actions for edge' }));
    await user.click(await screen.findByText('Update'));
    expect(await screen.findByText('Update cluster')).toBeTruthy();
    expect(await screen.findByDisplayValue('edge')).toBeTruthy();
    const read = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
    expect(read.map((url) => url.pathname)).toContain('/cluster/clusters/auto');
    // The drawer reads the one smart cluster, never the user's whole lists.
    expect(read.some((url) => /\/cluster\/(smart_clusters|clusters)$/.test(url.pathname))).toBe(
      false,
    );
  });

  it('marks an organisation’s shared smart cluster, and offers a member no change to it', async () => {
    mockApi([
      ...smartClusters,
      smartClusterFixture({
        uuid: 'org-default',
        name: 'acme-default',
        user_uuid: 'someone-else',
        default_shared_for_org_uuid: 'org-1',
        order: 3,
      }),
    ]);
    const user = userEvent.setup();
    renderRoutes([{ path: '/clusters', element: <ClustersPage /> }], {
      initialEntries: ['/clusters'],
    });
    const card = await screen.findByRole('article', { name: 'acme-default' });
    expect(within(card).getByText('Shared')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Actions for acme-default' }));
    expect(await screen.findByRole('menuitem', { name: 'Details' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Update' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).toBeNull();
  });
});

describe('ClustersPage with 1,000 smart clusters', () => {
  beforeEach(() => {
    window.localStorage.setItem(
      USER_STORAGE_KEY,
      JSON.stringify({ userId: 'u', userEmail: 'e', token: 't' }),
    );
  });

  it('renders only the rows in view and asks for the next page as the list scrolls', async () => {
    const many = Array.from({ length: 1000 }, (_, i) =>
      smartClusterFixture({ uuid: `sc-${i}`, name: `bulk-${i}`, order: i }),
    );
    const fetchMock = mockApi(many);
    renderRoutes([{ path: '/clusters', element: <ClustersPage /> }], {
      initialEntries: ['/clusters'],
    });
    const cards = await screen.findAllByTestId('smart-cluster-card');
    // A screen of rows of three cards, not a thousand cards.
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.length).toBeLessThanOrEqual(30);
    expect(screen.getAllByRole('listitem')[0]!.getAttribute('aria-setsize')).toBe('1000');
    const pages = () =>
      fetchMock.mock.calls
        .map(([input]) => new URL(String(input), 'http://localhost'))
        .filter((url) => url.pathname === '/cluster/smart_clusters/page');
    expect(pages().map((url) => url.searchParams.get('offset'))).toEqual(['0']);
    // Neither full list is read.
    expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith('/smart_clusters'))).toBe(
      false,
    );

    const scroller = screen.getByTestId('clusters-scroller');
    scroller.scrollTop = 9 * 200;
    scroller.dispatchEvent(new Event('scroll'));
    expect(await screen.findByRole('article', { name: 'bulk-40' })).toBeTruthy();
    expect(pages().map((url) => url.searchParams.get('offset'))).toContain('30');
    expect(screen.queryByRole('article', { name: 'bulk-0' })).toBeNull();
    expect(screen.getAllByTestId('smart-cluster-card').length).toBeLessThanOrEqual(30);
  });
});
