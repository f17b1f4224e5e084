import type { DeploymentLogs } from '@meridian/domain/apps/deployment-logs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appFixture, deploymentFixture } from '../../../../shared/testing/api-fixtures';

const answer: DeploymentLogs = {
  deployment_uuid: 'd-1',
  location: 'Montreal',
  datacenter_uuid: 'ca-montreal',
  lines: [
    { at: '2026-11-26T14:00:00.000Z', pod: 'shop-a-1', container: 'shop', text: 'GET / 200' },
    { at: '2026-11-26T14:00:01.000Z', pod: 'shop-a-2', container: 'shop', text: 'GET /cart 502' },
    { at: '2026-11-26T14:00:02.000Z', pod: 'shop-a-1', container: 'shop', text: 'GET /cart 200' },
  ],
};

vi.mock('./get-deployment-logs', () => ({
  useDeploymentLogs: () => ({
    data: answer,
    isPending: false,
    isError: false,
    error: null,
    refetch: vi.fn(),
  }),
}));
// Files share a worker's modules (vitest.config.ts): load the card (and the rules it calls,
// spied on below) afresh, on the mocked fetch.
vi.resetModules();
const { DeploymentLogsCard } = await import('./deployment-logs-card');
const rules = await import('./log-view.rules');

function renderCard() {
  const deployment = deploymentFixture({
    uuid: 'd-1',
    datacenter_uuid: 'ca-montreal',
    datacenter_name: 'Montreal',
  });
  const app = appFixture({ name: 'shop', deployments: [deployment] });
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <DeploymentLogsCard app={app} deployment={deployment} />
    </QueryClientProvider>,
  );
}

describe('DeploymentLogsCard', () => {
  afterEach(() => vi.restoreAllMocks());

  it('counts the lines, and filters them by the search', async () => {
    renderCard();
    expect(screen.getByTestId('logs-count').textContent).toBe('3 lines.');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the lines' }), {
      target: { value: 'CART' },
    });
    await waitFor(() =>
      expect(screen.getByTestId('logs-count').textContent).toBe('2 of 3 lines match.'),
    );
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the lines' }), {
      target: { value: 'nowhere' },
    });
    await waitFor(() => expect(screen.getByText('No line matches the search.')).toBeTruthy());
  });

  it('downloads the lines shown as a .log file', async () => {
    const download = vi.spyOn(rules, 'downloadText').mockImplementation(() => {});
    renderCard();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the lines' }), {
      target: { value: 'cart' },
    });
    fireEvent.click(screen.getByRole('button', { name: /Download/ }));
    expect(download).toHaveBeenCalledWith(
      'shop-Montreal-2026-11-26T14-00-02-000Z.log',
      '2026-11-26T14:00:01.000Z shop-a-2 GET /cart 502\n2026-11-26T14:00:02.000Z shop-a-1 GET /cart 200\n',
    );
  });
});
