import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_STORAGE_KEY } from '../../../shared/session/user-storage-key';
import { versionFixture } from '../../../shared/testing/api-fixtures';
import {
  createTestStore,
  jsonResponse,
  TestProviders,
} from '../../../shared/testing/test-providers';
import type { App } from '../app.types';
import { CreateVersionDrawer } from './create-version-drawer';

// A Basic version with every configuration section set, as the app's read answers it.
const configured = versionFixture({
  uuid: 'v1',
  name: 'v1',
  basic_settings: {
    deploymentImage: 'shop:1.0',
    deploymentReplicas: 2,
    deploymentTargetPort: 8080,
    deploymentPort: 80,
    dockerRegistryType: 'public',
    env: [
      { name: 'GREETING', value: 'hello' },
      { name: 'MODE', value: 'production' },
    ],
    secrets: [{ name: 'DB_PASSWORD', set: true }],
    healthCheck: { type: 'http', path: '/healthz', periodSeconds: 5 },
    resources: { cpuRequest: '250m', cpuLimit: '500m' },
    autoscaling: { minReplicas: 2, maxReplicas: 5, targetCPUUtilization: 70 },
    command: ['node'],
    args: ['server.js'],
  },
});

const app: App = {
  uuid: 'app-1',
  name: 'shop',
  description: null,
  organization_uuid: null,
  createdAt: '2026-11-21T10:00:00Z',
  updatedAt: '2026-11-21T10:00:00Z',
  versions: [configured],
  deployments: [],
};

function mockApi() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/apps/app-1/versions') && init?.method === 'POST') {
      return jsonResponse(versionFixture({ uuid: 'v2', app_uuid: 'app-1', name: 'v2' }));
    }
    if (url.endsWith('/meridian/v1/kube/apps')) return jsonResponse([app]);
    return jsonResponse({ message: 'not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sent(fetchMock: ReturnType<typeof mockApi>) {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
  expect(call).toBeDefined();
  const fields: Record<string, string | File> = {};
  for (const [key, value] of (call![1]!.body as FormData).entries()) fields[key] = value;
  return { fields, template: JSON.parse(String(fields.template)) as Record<string, unknown> };
}

function renderDrawer(from = configured, onClose = vi.fn()) {
  render(
    <TestProviders store={createTestStore()}>
      <CreateVersionDrawer app={app} from={from} open onClose={onClose} />
    </TestProviders>,
  );
  return onClose;
}

/** Inside a folded section: rendered (so checked and sent) but not shown. */
const folded = (element: Element) =>
  element.closest('.ant-collapse-panel-inactive, .ant-collapse-panel-hidden') !== null;
const section = (name: string) => screen.getByTestId(`config-section-${name}`);
const submit = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Create version' }));

describe('the Basic form’s configuration sections', () => {
  beforeEach(() => {
    window.localStorage.setItem(
      USER_STORAGE_KEY,
      JSON.stringify({ userId: 'u', userEmail: 'e', token: 't' }),
    );
  });

  it('start folded, each with its summary, prefilled from the version made from', async () => {
    mockApi();
    const user = userEvent.setup();
    renderDrawer();
    expect(within(section('env')).getByText('2 env')).toBeTruthy();
    expect(within(section('secrets')).getByText('1 secret')).toBeTruthy();
    expect(within(section('healthCheck')).getByText('HTTP health check /healthz')).toBeTruthy();
    expect(within(section('resources')).getByText('250m–500m CPU')).toBeTruthy();
    expect(within(section('autoscaling')).getByText('autoscaling 2–5 at 70%')).toBeTruthy();
    expect(within(section('volume')).getByText('Not set')).toBeTruthy();
    expect(within(section('command')).getByText('custom command')).toBeTruthy();
    // Folded: the panels' content is there (so it is checked and sent) but not shown.
    expect(folded(screen.getByLabelText('Variable 1 name'))).toBe(true);
    await user.click(section('env'));
    expect(folded(screen.getByLabelText('Variable 1 name'))).toBe(false);
    expect((screen.getByLabelText('Variable 1 value') as HTMLInputElement).value).toBe('hello');
  });

  it('keeps a carried secret until a new value is typed, naming the version it is kept from', async () => {
    const fetchMock = mockApi();
    const user = userEvent.setup();
    const onClose = renderDrawer();
    await user.click(section('secrets'));
    const secret = screen.getByLabelText('Secret 1 value');
    expect(secret.getAttribute('type')).toBe('password');
    expect(secret.getAttribute('placeholder')).toBe('Keep current value');
    expect(screen.getByLabelText('Secret 1 name')).toHaveProperty('disabled', true);
    await submit(user);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const { fields, template } = sent(fetchMock);
    expect(fields.from_version_uuid).toBe('v1');
    expect(template).toEqual({
      deploymentImage: 'shop:1.0',
      deploymentReplicas: 2,
      deploymentTargetPort: 8080,
      deploymentPort: 80,
      dockerRegistryType: 'public',
      env: [
        { name: 'GREETING', value: 'hello' },
        { name: 'MODE', value: 'production' },
      ],
      secrets: [{ name: 'DB_PASSWORD', keep: true }],
      healthCheck: { type: 'http', path: '/healthz', periodSeconds: 5 },
      resources: { cpuRequest: '250m', cpuLimit: '500m' },
      autoscaling: { minReplicas: 2, maxReplicas: 5, targetCPUUtilization: 70 },
      command: ['node'],
      args: ['server.js'],
    });
  });

  it('sends a new secret value instead of keep once one is typed', async () => {
    const fetchMock = mockApi();
    const user = userEvent.setup();
    const onClose = renderDrawer();
    await user.click(section('secrets'));
    await user.type(screen.getByLabelText('Secret 1 value'), 's3cret');
    await user.click(screen.getByRole('button', { name: 'Add secret' }));
    await user.type(screen.getByLabelText('Secret 2 name'), 'API_TOKEN');
    await user.type(screen.getByLabelText('Secret 2 value'), 'tok');
    expect(within(section('secrets')).getByText('2 secrets')).toBeTruthy();
    await submit(user);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const { fields, template } = sent(fetchMock);
    expect(template.secrets).toEqual([
      { name: 'DB_PASSWORD', value: 's3cret' },
      { name: 'API_TOKEN', value: 'tok' },
    ]);
    // Nothing is kept: no version to keep from.
    expect(fields.from_version_uuid).toBeUndefined();
  });

  it('checks each field as it is typed, with the domain’s sentences', async () => {
    mockApi();
    const user = userEvent.setup();
    renderDrawer();
    await user.click(section('resources'));
    const cpuRequest = screen.getByLabelText('CPU request');
    await user.clear(cpuRequest);
    await user.type(cpuRequest, 'lots');
    expect(
      await screen.findByText(
        'resources.cpuRequest must be a CPU quantity such as 250m or 1.5 (greater than zero)',
      ),
    ).toBeTruthy();
    await user.clear(cpuRequest);
    await user.type(cpuRequest, '2');
    expect(await screen.findByText('The cpu request must not be above the cpu limit')).toBeTruthy();
    await user.clear(cpuRequest);
    await user.type(cpuRequest, '100m');
    await waitFor(() =>
      expect(screen.queryByText('The cpu request must not be above the cpu limit')).toBeNull(),
    );
    expect(within(section('resources')).getByText('100m–500m CPU')).toBeTruthy();

    await user.click(section('env'));
    await user.clear(screen.getByLabelText('Variable 2 name'));
    await user.type(screen.getByLabelText('Variable 2 name'), 'GREETING');
    expect(await screen.findByText('GREETING is named twice in env')).toBeTruthy();
    await user.clear(screen.getByLabelText('Variable 2 name'));
    await user.type(screen.getByLabelText('Variable 2 name'), '2FAST');
    expect(
      await screen.findByText(
        'Each env name must start with a letter or an underscore and hold only letters, digits and underscores',
      ),
    ).toBeTruthy();
  });

  it('unfolds the sections holding a refusal when a submit is refused, and sends nothing', async () => {
    const fetchMock = mockApi();
    const user = userEvent.setup();
    renderDrawer();
    await user.click(section('volume'));
    await user.click(screen.getByRole('switch', { name: 'Mount a volume' }));
    await user.click(section('volume'));
    await submit(user);
    const refusal = await screen.findByText(
      'The volume size must be a storage quantity such as 1Gi (from 1Mi to 1Ti)',
    );
    await waitFor(() => expect(folded(refusal)).toBe(false));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('fills one row per line when KEY=VALUE lines are pasted into a name', async () => {
    const fetchMock = mockApi();
    const user = userEvent.setup();
    const onClose = renderDrawer();
    await user.click(section('env'));
    // Into the first row's name: its row gives way to the pasted ones.
    await user.click(screen.getByLabelText('Variable 1 name'));
    await user.paste('# settings\nexport LOG_LEVEL=debug\nREGION="ca-east"\n');
    expect((screen.getByLabelText('Variable 2 value') as HTMLInputElement).value).toBe('ca-east');
    expect(within(section('env')).getByText('3 env')).toBeTruthy();
    await submit(user);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent(fetchMock).template.env).toEqual([
      { name: 'LOG_LEVEL', value: 'debug' },
      { name: 'REGION', value: 'ca-east' },
      { name: 'MODE', value: 'production' },
    ]);
  });
});
