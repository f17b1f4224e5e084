import type { Rollout } from '@meridian/domain/apps/rollout';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_STORAGE_KEY } from '../../../../shared/session/user-storage-key';
import {
  appFixture,
  deploymentFixture,
  versionFixture,
} from '../../../../shared/testing/api-fixtures';
import { jsonResponse, renderRoutes } from '../../../../shared/testing/test-providers';
import { VersionActions } from '../history/version-actions';
import { RolloutsCard } from '../rollouts/rollouts-card';

const v1 = versionFixture({
  uuid: 'v1',
  name: 'v1',
  basic_settings: {
    deploymentImage: 'shop:1.0',
    deploymentReplicas: 1,
    deploymentTargetPort: 8080,
    deploymentPort: 80,
    dockerRegistryType: 'public',
    env: [{ name: 'GREETING', value: 'hello' }],
    secrets: [{ name: 'DB_PASSWORD', set: true }],
  },
});
const v2 = versionFixture({ uuid: 'v2', name: 'v2' });
const app = appFixture({
  uuid: 'a1',
  versions: [v1],
  deployments: [deploymentFixture({ version_uuid: 'v1', smart_cluster_uuid: 'sc-1' })],
});

const started: Rollout = {
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
};

function mockApi(answer: { status: number; body: unknown }) {
  let changed = false;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = new URL(String(input), 'http://console.test');
    if (url.pathname === '/meridian/v1/kube/apps/versions/v1/configuration') {
      changed = answer.status === 200;
      return jsonResponse(answer.body, answer.status);
    }
    if (url.pathname === '/meridian/v1/kube/apps/a1/rollouts') {
      return jsonResponse(changed ? [started] : []);
    }
    return jsonResponse({ message: 'not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPage() {
  return renderRoutes(
    [
      {
        path: '/apps/a1',
        element: (
          <>
            <VersionActions app={app} version={v1} />
            <RolloutsCard app={app} />
          </>
        ),
      },
    ],
    { initialEntries: ['/apps/a1'] },
  );
}

const body = (fetchMock: ReturnType<typeof mockApi>) => {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
  expect(call).toBeDefined();
  return JSON.parse(String(call![1]!.body)) as Record<string, unknown>;
};

describe('Edit configuration', () => {
  beforeEach(() => {
    // jsdom lays nothing out: the panel's scroll into view is only recorded.
    Element.prototype.scrollIntoView = vi.fn();
    window.localStorage.setItem(
      USER_STORAGE_KEY,
      JSON.stringify({ userId: 'u', userEmail: 'e', token: 't' }),
    );
  });

  it('sends the version’s settings as edited, its secrets kept, then shows the rollout it started', async () => {
    const fetchMock = mockApi({ status: 200, body: { version: v2, rollouts: [started] } });
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Edit configuration' }));
    const form = await screen.findByTestId('configuration-form');
    expect((within(form).getByLabelText('New version name') as HTMLInputElement).value).toBe('v2');
    await user.click(within(form).getByTestId('config-section-env'));
    const value = within(form).getByLabelText('Variable 1 value');
    await user.clear(value);
    await user.type(value, 'bonjour');
    await user.click(within(form).getByRole('button', { name: 'Create and roll out' }));
    expect(await screen.findByText('Version v2 created; it is rolling out on edge.')).toBeTruthy();
    expect(body(fetchMock)).toEqual({
      name: 'v2',
      settings: {
        deploymentImage: 'shop:1.0',
        deploymentReplicas: 1,
        deploymentTargetPort: 8080,
        deploymentPort: 80,
        dockerRegistryType: 'public',
        env: [{ name: 'GREETING', value: 'bonjour' }],
        secrets: [{ name: 'DB_PASSWORD', keep: true }],
      },
    });
    // The rollouts panel reads the app's rollouts again: the new one shows.
    expect(await screen.findByTestId('rollout')).toBeTruthy();
    await waitFor(() => expect(Element.prototype.scrollIntoView).toHaveBeenCalled());
  });

  it('keeps the drawer open with the server’s reason when the change is refused', async () => {
    mockApi({
      status: 409,
      body: {
        message:
          'A rollout of v3 is already in progress on edge; pause, resume or abort it first (rollout r9)',
      },
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Edit configuration' }));
    const form = await screen.findByTestId('configuration-form');
    await user.click(within(form).getByRole('button', { name: 'Create and roll out' }));
    expect(await screen.findByText('Configuration change unsuccessful.')).toBeTruthy();
    expect(await screen.findByText(/A rollout of v3 is already in progress on edge/)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('configuration-form')).toBeTruthy());
  });
});
