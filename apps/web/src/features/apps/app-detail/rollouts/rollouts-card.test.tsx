import type { Rollout, RolloutStep } from '@meridian/domain/apps/rollout';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_STORAGE_KEY } from '../../../../shared/session/user-storage-key';
import { appFixture, deploymentFixture } from '../../../../shared/testing/api-fixtures';
import { jsonResponse, renderRoutes } from '../../../../shared/testing/test-providers';
import { RolloutsCard } from './rollouts-card';

const app = appFixture({
  deployments: [deploymentFixture({ smart_cluster_uuid: 'sc-1', smart_cluster_name: 'edge' })],
});

function step(position: number, overrides: Partial<RolloutStep>): RolloutStep {
  return {
    position,
    deployment_uuid: `d-${position}`,
    cluster_uuid: `m-${position}`,
    datacenter_uuid: `dc-${position}`,
    location: `L${position}`,
    state: 'waiting',
    requests_per_day: 1440 * 60 * (position + 1),
    started_at: null,
    bake_until: null,
    finished_at: null,
    baseline_error_rate: null,
    observed_error_rate: null,
    reason: null,
    ...overrides,
  };
}

function rollout(overrides: Partial<Rollout>): Rollout {
  return {
    uuid: 'r1',
    app_uuid: 'a1',
    smart_cluster_uuid: 'sc-1',
    from_version: { uuid: 'v1', name: 'v1' },
    to_version: { uuid: 'v2', name: 'v2' },
    status: 'running',
    reason: null,
    bake_seconds: 60,
    error_margin: 0.02,
    steps: [],
    createdAt: '2026-11-21T10:00:00Z',
    updatedAt: '2026-11-21T10:00:00Z',
    ...overrides,
  };
}

const running = rollout({
  steps: [
    step(0, {
      location: 'London',
      state: 'done',
      observed_error_rate: 0.004,
      baseline_error_rate: 0.005,
    }),
    step(1, {
      location: 'Montréal',
      state: 'baking',
      bake_until: new Date(Date.now() + 45_000).toISOString(),
    }),
    step(2, { location: 'Tokyo', state: 'waiting', requests_per_day: 12_600 }),
  ],
});

const halted = rollout({
  uuid: 'r0',
  status: 'halted',
  from_version: { uuid: 'v0', name: 'v0' },
  to_version: { uuid: 'v1', name: 'v1' },
  reason: 'Halted at Montréal. Montréal: the image never became available.',
  steps: [
    step(0, { location: 'London', state: 'done', observed_error_rate: null }),
    step(1, {
      location: 'Montréal',
      state: 'rolled_back',
      reason: 'Montréal: the image never became available.',
    }),
    step(2, { location: 'Tokyo', state: 'skipped', reason: 'The rollout halted.' }),
  ],
});

function mockApi(rollouts: Rollout[], controlStatus = 200) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://console.test');
    if (url.pathname === '/meridian/v1/kube/apps/a1/rollouts') return jsonResponse(rollouts);
    const control = /^\/meridian\/v1\/kube\/apps\/rollouts\/r1\/(pause|resume|abort)$/.exec(
      url.pathname,
    );
    if (control && init?.method === 'POST') {
      return controlStatus === 200
        ? jsonResponse({ ...running, status: control[1] === 'pause' ? 'paused' : 'running' })
        : jsonResponse({ message: 'Only a running rollout can be paused' }, controlStatus);
    }
    return jsonResponse({ message: 'not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderCard() {
  return renderRoutes([{ path: '/apps/a1', element: <RolloutsCard app={app} /> }], {
    initialEntries: ['/apps/a1'],
  });
}

const posted = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([url]) => new URL(String(url), 'http://console.test').pathname);

describe('RolloutsCard', () => {
  beforeEach(() => {
    window.localStorage.setItem(
      USER_STORAGE_KEY,
      JSON.stringify({ userId: 'u', userEmail: 'e', token: 't' }),
    );
  });

  it('says each location’s state in words, in the order taken, with the traffic behind it', async () => {
    mockApi([running, halted]);
    renderCard();
    const active = await screen.findByTestId('rollout');
    expect(within(active).getByText('v1 → v2 on edge')).toBeTruthy();
    expect(within(active).getByTestId('rollout-status').textContent).toBe('Running');
    const rows = within(active).getAllByTestId('rollout-step');
    // In the header's unit (requests a minute: the day's figure over 24 × 60), the day's on hover.
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('LondonHealthy: 0.4 % errors (was 0.5 %)60 requests / min'),
      expect.stringMatching(/MontréalBaking until .+ — 4[45] s left120 requests \/ min/),
      expect.stringContaining('TokyoWaiting8.75 requests / min'),
    ]);
    expect(within(rows[2]!).getByText('8.75 requests / min').title).toBe(
      'Its rate when the rollout began: 12,600 requests a day.',
    );
    // The halted one is folded under the active one; opened, it says why.
    await userEvent.setup().click(screen.getByText('v0 → v1 on edge'));
    expect(await screen.findByText(halted.reason ?? '')).toBeTruthy();
    expect(screen.getByText('Rolled back: the image never became available.')).toBeTruthy();
    expect(screen.getByText('Skipped')).toBeTruthy();
    expect(screen.getByText('Healthy: no traffic measured during the bake time')).toBeTruthy();
  });

  it('pauses and resumes through their endpoints, and shows the server’s sentence on refusal', async () => {
    const fetchMock = mockApi([running], 409);
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: /Pause/ }));
    expect(await screen.findByText('The rollout could not be paused.')).toBeTruthy();
    expect(await screen.findByText('Only a running rollout can be paused')).toBeTruthy();
    expect(posted(fetchMock)).toEqual(['/meridian/v1/kube/apps/rollouts/r1/pause']);
  });

  it('offers Resume on a paused rollout', async () => {
    const fetchMock = mockApi([{ ...running, status: 'paused' }]);
    const user = userEvent.setup();
    renderCard();
    expect((await screen.findByTestId('rollout-status')).textContent).toBe('Paused');
    expect(screen.queryByRole('button', { name: /Pause/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: /Resume/ }));
    await waitFor(() =>
      expect(posted(fetchMock)).toEqual(['/meridian/v1/kube/apps/rollouts/r1/resume']),
    );
  });

  it('aborts only once confirmed, naming the locations that go back', async () => {
    const fetchMock = mockApi([running]);
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'Abort' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Abort the rollout of v2?');
    expect(dialog.textContent).toContain(
      'Every location it reached goes back to the version it ran before: London (v1), Montréal (v1).',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(posted(fetchMock)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Abort' }));
    // The cancelled dialog may still be fading out: the newest one is last.
    const again = (await screen.findAllByRole('button', { name: 'Abort rollout' })).at(-1);
    await user.click(again!);
    await waitFor(() =>
      expect(posted(fetchMock)).toEqual(['/meridian/v1/kube/apps/rollouts/r1/abort']),
    );
  });

  it('shows nothing when the app never had a rollout', async () => {
    const fetchMock = mockApi([]);
    const { container } = renderCard();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(container.textContent).toBe(''));
    expect(screen.queryByRole('heading', { name: 'Rollouts' })).toBeNull();
  });
});
