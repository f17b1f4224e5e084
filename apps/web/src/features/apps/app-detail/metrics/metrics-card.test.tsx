import type { DeploymentMetrics } from '@meridian/domain/apps/deployment-metrics';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntdApp } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_STORAGE_KEY } from '../../../../shared/session/user-storage-key';
import { jsonResponse } from '../../../../shared/testing/test-providers';

// The real charts draw on a canvas, which jsdom has not: a list of the figures stands in.
vi.mock('./metrics-charts', () => ({
  MetricsCharts: ({ metrics }: { metrics: DeploymentMetrics }) => (
    <ul data-testid="metrics-charts">
      {metrics.points.map((point) => (
        <li key={point.at}>{point.requests_per_second ?? 'none'}</li>
      ))}
    </ul>
  ),
}));
// Files share a worker's modules (vitest.config.ts): load the card afresh, on the mocked charts.
vi.resetModules();
const { DeploymentMetricsCard } = await import('./metrics-card');

const empty = {
  at: '2026-01-01T00:00:00.000Z',
  requests_per_second: null,
  p95_latency_ms: null,
  error_rate: null,
  cpu_millicores: null,
  memory_bytes: null,
  replicas: null,
};

function answer(points: DeploymentMetrics['points']): DeploymentMetrics {
  return {
    deployment_uuid: 'dep-1',
    location: 'Montréal',
    datacenter_uuid: 'ca-montreal',
    from: '2026-01-01T00:00:00.000Z',
    to: '2026-01-01T01:00:00.000Z',
    step: 60,
    points,
  };
}

function mockMetrics(respond: (url: URL) => DeploymentMetrics) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://console.test');
    if (url.pathname === '/meridian/v1/kube/apps/deployment/dep-1/metrics') {
      return jsonResponse(respond(url));
    }
    return jsonResponse({ message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderCard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AntdApp>
        <DeploymentMetricsCard deploymentId="dep-1" />
      </AntdApp>
    </QueryClientProvider>,
  );
  return queryClient;
}

const spanHours = (url: URL) =>
  (Date.parse(url.searchParams.get('to')!) - Date.parse(url.searchParams.get('from')!)) / 3.6e6;

describe('DeploymentMetricsCard', () => {
  beforeEach(() => {
    window.localStorage.setItem(
      USER_STORAGE_KEY,
      JSON.stringify({ userId: 'u', userEmail: 'e', token: 't' }),
    );
  });

  it('says in plain words that no traffic was measured yet', async () => {
    mockMetrics(() => answer([empty, { ...empty, at: '2026-01-01T00:01:00.000Z' }]));
    renderCard();
    expect(await screen.findByText('No traffic measured yet')).toBeTruthy();
    expect(screen.queryByTestId('metrics-charts')).toBeNull();
  });

  it('charts the last 15 minutes, and another range when one is picked', async () => {
    const fetchMock = mockMetrics((url) =>
      answer([{ ...empty, requests_per_second: spanHours(url) }]),
    );
    renderCard();
    const charts = await screen.findByTestId('metrics-charts');
    expect(charts.textContent).toBe('0.25');
    await userEvent.click(screen.getByText('7 d'));
    await waitFor(() => expect(screen.getByTestId('metrics-charts').textContent).toBe('168'));
    const asked = fetchMock.mock.calls.map(([input]) =>
      spanHours(new URL(String(input), 'http://x')),
    );
    expect(asked).toEqual([0.25, 168]);
  });

  it('asks again when a TRAFFIC live event refreshes the traffic', async () => {
    const fetchMock = mockMetrics(() => answer([{ ...empty, requests_per_second: 2 }]));
    const queryClient = renderCard();
    await screen.findByTestId('metrics-charts');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // What app/realtime-events.tsx does for a TRAFFIC event.
    await queryClient.invalidateQueries({ queryKey: ['traffic'] });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
