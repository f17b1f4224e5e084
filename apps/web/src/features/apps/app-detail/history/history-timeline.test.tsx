import type { AppHistoryPage, HistoryEntry } from '@meridian/domain/apps/app-history';
import type { Rollout } from '@meridian/domain/apps/rollout';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTwoFilesPatch } from 'diff';
import { render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_STORAGE_KEY } from '../../../../shared/session/user-storage-key';
import {
  appFixture,
  deploymentFixture,
  versionFixture,
} from '../../../../shared/testing/api-fixtures';
import {
  createTestStore,
  jsonResponse,
  TestProviders,
} from '../../../../shared/testing/test-providers';
import { HistoryTimeline } from './history-timeline';

const v1 = versionFixture({ uuid: 'v1', name: 'v1', createdAt: '2026-11-20T10:00:00Z' });
const v2 = versionFixture({ uuid: 'v2', name: 'v2', createdAt: '2026-11-21T10:00:00Z' });
const app = appFixture({
  versions: [v1, v2],
  deployments: [
    deploymentFixture({ uuid: 'd-mtl', version_uuid: 'v2', smart_cluster_name: 'edge' }),
    deploymentFixture({
      uuid: 'd-tor',
      version_uuid: 'v2',
      smart_cluster_name: 'edge',
      datacenter_uuid: 'ca-toronto',
      datacenter_name: 'Toronto',
    }),
  ],
});

function entry(uuid: string, overrides: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    uuid,
    action: 'deployed',
    version: { uuid: 'v1', name: 'v1' },
    from_version: null,
    smart_cluster: { uuid: 'sc-1', name: 'edge' },
    actor: { kind: 'user', name: 'admin' },
    outcome: 'success',
    detail: null,
    rollout_uuid: null,
    locations: [
      {
        deployment_uuid: 'd-mtl',
        cluster_uuid: 'm-1',
        datacenter_uuid: 'ca-montreal',
        location: 'Montréal',
        outcome: 'success',
        reason: null,
      },
    ],
    createdAt: '2026-11-21T10:00:00Z',
    updatedAt: '2026-11-21T10:00:00Z',
    ...overrides,
  };
}

const newest = entry('h3', {
  action: 'image_updated',
  version: { uuid: 'v2', name: 'v2' },
  actor: { kind: 'ci', name: 'pipeline' },
  outcome: 'failure',
  detail: 'Image shop:2.0.',
  locations: [
    {
      deployment_uuid: 'd-tor',
      cluster_uuid: 'm-2',
      datacenter_uuid: 'ca-toronto',
      location: 'Toronto',
      outcome: 'failure',
      reason: 'Image pull failed',
    },
  ],
});
const older = entry('h1', { action: 'version_created', smart_cluster: null, locations: [] });

const rollout: Rollout = {
  uuid: 'r1',
  app_uuid: 'a1',
  smart_cluster_uuid: 'sc-1',
  from_version: { uuid: 'v2', name: 'v2' },
  to_version: { uuid: 'v1', name: 'v1' },
  status: 'running',
  reason: null,
  bake_seconds: 60,
  error_margin: 0.02,
  steps: [],
  createdAt: '2026-11-21T10:00:00Z',
  updatedAt: '2026-11-21T10:00:00Z',
};

function page(items: HistoryEntry[], offset: number, total: number): AppHistoryPage {
  return { items, offset, limit: 20, total };
}

function mockApi({
  rollbackStatus = 200,
  tooDifferent = false,
}: { rollbackStatus?: number; tooDifferent?: boolean } = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://console.test');
    if (url.pathname === '/meridian/v1/kube/apps/a1/history') {
      if (url.searchParams.get('version') === 'v2') return jsonResponse(page([newest], 0, 1));
      if (url.searchParams.get('offset') === '20') return jsonResponse(page([older], 20, 21));
      const first = [newest, ...Array.from({ length: 19 }, (_, index) => entry(`h-${index}`))];
      return jsonResponse(page(first, 0, 21));
    }
    if (url.pathname === '/meridian/v1/kube/apps/versions/v1/diff/v2') {
      const unified = createTwoFilesPatch(
        'shop.yaml',
        'shop.yaml',
        'replicas: 2\nimage: nginx:1.27\n',
        'replicas: 2\nimage: nginx:1.28\n',
      );
      const names = { from: { uuid: 'v1', name: 'v1' }, to: { uuid: 'v2', name: 'v2' } };
      if (tooDifferent) {
        return jsonResponse({
          ...names,
          unified: '',
          additions: 8_048,
          deletions: 12_000,
          too_different: { from_lines: 12_000, to_lines: 8_048, reason: 'server words' },
        });
      }
      return jsonResponse({ ...names, unified, additions: 1, deletions: 1, too_different: null });
    }
    if (
      url.pathname === '/meridian/v1/kube/apps/deployment/d-mtl/rollback' &&
      init?.method === 'POST'
    ) {
      return rollbackStatus === 200
        ? jsonResponse(rollout)
        : jsonResponse({ message: 'A rollout is already in progress on this smart cluster' }, 409);
    }
    return jsonResponse({ message: 'not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderTimeline() {
  return render(
    <TestProviders store={createTestStore()}>
      <HistoryTimeline app={app} />
    </TestProviders>,
  );
}

describe('HistoryTimeline', () => {
  beforeEach(() => {
    window.localStorage.setItem(
      USER_STORAGE_KEY,
      JSON.stringify({ userId: 'u', userEmail: 'e', token: 't' }),
    );
  });

  it('shows each change in plain words with who, where and the outcome per location', async () => {
    mockApi();
    renderTimeline();
    const entries = await screen.findAllByTestId('history-entry');
    expect(entries).toHaveLength(20);
    const first = entries[0]!;
    expect(within(first).getByText('New image rolled out by CI/CD on v2')).toBeTruthy();
    expect(within(first).getByText('by CI/CD (API key pipeline)', { exact: false })).toBeTruthy();
    expect(within(first).getByText('on edge')).toBeTruthy();
    expect(within(first).getByText('Image shop:2.0.')).toBeTruthy();
    const failed = within(first).getByText('Toronto · Failed').closest('[title]');
    expect(failed?.getAttribute('title')).toBe('Image pull failed');
    expect(screen.getByText('20 of 21 changes')).toBeTruthy();
  });

  it('loads the next page with Show more and filters by version', async () => {
    const fetchMock = mockApi();
    const user = userEvent.setup();
    renderTimeline();
    await screen.findAllByTestId('history-entry');
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Version v1 created')).toBeTruthy();
    expect(screen.getAllByTestId('history-entry')).toHaveLength(21);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();

    await user.click(screen.getByLabelText('Filter by version'));
    await user.click(await screen.findByTitle('v2'));
    await waitFor(() => expect(screen.getAllByTestId('history-entry')).toHaveLength(1));
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContainEqual(
      expect.stringContaining('version=v2'),
    );
  });

  it('opens the comparison side by side, removed lines red and added green', async () => {
    mockApi();
    const user = userEvent.setup();
    renderTimeline();
    const [first] = await screen.findAllByTestId('history-entry');
    await user.click(within(first!).getByRole('button', { name: /Compare/ }));
    // The diff view is a lazy chunk: on a busy machine its first load takes more than a second.
    const table = await screen.findByTestId('version-diff', {}, { timeout: 5000 });
    const removed = within(table).getByText('- image: nginx:1.27');
    const added = within(table).getByText('+ image: nginx:1.28');
    expect(removed.closest('tr')).toBe(added.closest('tr'));
    expect(removed.className).toMatch(/removed/);
    expect(added.className).toMatch(/added/);
    expect(screen.getByTestId('diff-summary').textContent).toContain('1 added, 1 removed');
  });

  it('says when two versions are too different to compare line by line, with their line counts', async () => {
    mockApi({ tooDifferent: true });
    const user = userEvent.setup();
    renderTimeline();
    const [first] = await screen.findAllByTestId('history-entry');
    await user.click(within(first!).getByRole('button', { name: /Compare/ }));
    const notice = await screen.findByTestId('diff-too-different');
    expect(notice.textContent).toContain(
      'v1 (12,000 lines) and v2 (8,048 lines) are too different to show line by line.',
    );
    expect(screen.queryByTestId('version-diff')).toBeNull();
    expect(screen.queryByTestId('diff-summary')).toBeNull();
  });

  it('rolls back to an earlier version after confirming, and shows the server message on error', async () => {
    const fetchMock = mockApi({ rollbackStatus: 409 });
    const user = userEvent.setup();
    renderTimeline();
    const entries = await screen.findAllByTestId('history-entry');
    // The CI/CD entry is of v2, the version running there: no rollback offered.
    expect(within(entries[0]!).queryByRole('button', { name: /Roll back/ })).toBeNull();
    await user.click(within(entries[1]!).getByRole('button', { name: /Roll back/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(
      'edge will run version v1 again. Its 2 locations are taken one at a time',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Roll back' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.find(([url]) => String(url).endsWith('/deployment/d-mtl/rollback')),
      ).toBeDefined(),
    );
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/rollback'))!;
    expect(JSON.parse(String(call[1]?.body))).toEqual({ version_uuid: 'v1' });
    expect(
      await screen.findByText('A rollout is already in progress on this smart cluster'),
    ).toBeTruthy();
  });

  it('notifies once the rollback has started', async () => {
    mockApi();
    const user = userEvent.setup();
    renderTimeline();
    const entries = await screen.findAllByTestId('history-entry');
    await user.click(within(entries[1]!).getByRole('button', { name: /Roll back/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Roll back' }));
    expect(await screen.findByText('Rollback to v1 started on edge.')).toBeTruthy();
  });
});
