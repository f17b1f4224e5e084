import type { Cluster, SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import { canHaveTraffic, resourceTotals } from '@meridian/domain/traffic/resource-overview';
import type { Traffic } from '@meridian/domain/traffic/traffic';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_STORAGE_KEY } from '../../shared/session/user-storage-key';
import { appFixture, clusterFixture, smartClusterFixture } from '../../shared/testing/api-fixtures';
import { jsonResponse, renderRoutes } from '../../shared/testing/test-providers';
import { ResourceOverview } from './resource-overview';

function smartCluster(uuid: string, overrides: Partial<SmartCluster> = {}): SmartCluster {
  return smartClusterFixture({ uuid, name: `sc-${uuid}`, ...overrides });
}

function member(smart: string, overrides: Partial<Cluster> = {}): Cluster {
  return clusterFixture({
    uuid: `${smart}-member`,
    name: `${smart}-member`,
    smart_cluster_uuid: smart,
    ...overrides,
  });
}

const traffic: Traffic = {
  daily_totals: { total_requests: 2_160_000, daily_active_users: 12_345 },
  regions: [
    {
      datacenter_uuid: 'ca-montreal',
      name: 'Montréal',
      num_requests: 2_160_000,
      num_users: 12_345,
    },
  ],
};

function mockApi(data: { smart: SmartCluster[]; clusters: Cluster[]; traffic: Traffic }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('/meridian/v1/kube/apps/summary')) {
        const items = [appFixture({ uuid: 'a1', name: 'shop' })].map((app) => ({
          uuid: app.uuid,
          name: app.name,
          createdAt: app.createdAt,
          updatedAt: app.updatedAt,
          pending: false,
        }));
        return jsonResponse({ items, total: 2, offset: 0, limit: 1, pending_datacenter_uuids: [] });
      }
      if (url.includes('/cluster/smart_clusters/page')) return jsonResponse(overviewPage(data));
      if (url.endsWith('/intelligence/traffic')) return jsonResponse(data.traffic);
      return jsonResponse({ message: 'not found' }, 404);
    }),
  );
}

/** The overview the server computes over every smart cluster, in a page of none. */
function overviewPage(data: { smart: SmartCluster[]; clusters: Cluster[] }) {
  const live = data.smart.filter((smart) => !smart.deleted);
  const totals = resourceTotals(live, data.clusters);
  return {
    items: [],
    members: [],
    total: live.length,
    offset: 0,
    limit: 1,
    overview: {
      smart_clusters: live.length,
      servers: totals.servers,
      cpus: totals.cpus,
      ram_gb: totals.ramGb,
      storage_gb: totals.storageGb,
      can_have_traffic: canHaveTraffic(data.smart),
      pending_datacenter_uuids: [],
    },
  };
}

function counter(key: string): string {
  return within(screen.getByTestId(`overview-${key}`)).getByText(/\d/).textContent ?? '';
}

describe('ResourceOverview', () => {
  beforeEach(() => {
    window.localStorage.setItem(
      USER_STORAGE_KEY,
      JSON.stringify({ userId: 'u', userEmail: 'e', token: 't' }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('counts apps, clusters and their nodes by flavor, and shows the traffic with its window', async () => {
    mockApi({
      smart: [
        smartCluster('s1'),
        smartCluster('s2', { cluster_size: 'large', master_count: 3, minion_count: 5 }),
        smartCluster('gone', { deleted: true }),
      ],
      clusters: [
        member('s1'),
        // 40 large nodes in two datacenters: 40 × 50 GB = 2000 GB, shown in TB.
        member('s2', { uuid: 'm2', cluster_size: 'large', master_count: 10, minion_count: 10 }),
        member('s2', { uuid: 'm3', cluster_size: 'large', master_count: 10, minion_count: 10 }),
        member('gone', { uuid: 'm4', master_count: 9, minion_count: 9 }),
      ],
      traffic,
    });
    renderRoutes([{ path: '/', element: <ResourceOverview /> }]);
    await waitFor(() => expect(counter('servers')).toBe('42'));
    expect(counter('apps')).toBe('2');
    expect(counter('clusters')).toBe('2');
    expect(counter('cpus')).toBe('644'); // 2 × 2 + 40 × 16
    expect(counter('ram')).toBe('1,288'); // 2 × 4 + 40 × 32
    expect(counter('storage')).toBe('2 TB');
    // 2,160,000 requests a day at this hour's rate = 1,500 a minute, labelled with its window.
    await waitFor(() =>
      expect(screen.getByTestId('traffic-requests').textContent).toBe('1,500 requests / min'),
    );
    expect(screen.getByTestId('traffic-requests').title).toMatch(/now, at this hour’s rate/);
    expect(screen.getByTestId('traffic-users').textContent).toBe('12,345 users / day');
    expect(screen.getByTestId('traffic-users').title).toBe(
      'Users of your apps in the last 24 hours.',
    );
    expect(screen.queryByText('Waiting for traffic...')).toBeNull();
  });

  it('waits for traffic while no smart cluster can serve, or there is none', async () => {
    mockApi({
      smart: [smartCluster('s1', { status: 'pending' }), smartCluster('s2', { status: 'failure' })],
      clusters: [member('s1')],
      traffic,
    });
    const { unmount } = renderRoutes([{ path: '/', element: <ResourceOverview /> }]);
    await waitFor(() => expect(counter('servers')).toBe('2'));
    expect(counter('storage')).toBe('40 GB');
    await waitFor(() => expect(screen.getByText('Waiting for traffic...')).toBeTruthy());
    expect(screen.queryByTestId('traffic-requests')).toBeNull();
    unmount();

    mockApi({
      smart: [smartCluster('s1', { status: 'updating' })],
      clusters: [member('s1')],
      traffic: { daily_totals: { total_requests: 0, daily_active_users: 0 }, regions: [] },
    });
    renderRoutes([{ path: '/', element: <ResourceOverview /> }]);
    await waitFor(() => expect(counter('servers')).toBe('2'));
    expect(screen.getByText('Waiting for traffic...')).toBeTruthy();
  });
});
