import { sampleHeatTemplate } from '@meridian/domain/apps/sample-templates';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_STORAGE_KEY } from '../../../shared/session/user-storage-key';
import { versionFixture } from '../../../shared/testing/api-fixtures';
import {
  createTestStore,
  jsonResponse,
  TestProviders,
} from '../../../shared/testing/test-providers';
import { useApps } from '../../../shared/api/apps-list';
import type { App, Version } from '../app.types';
import { CreateVersionDrawer } from './create-version-drawer';

const app: App = {
  uuid: 'app-1',
  name: 'shop',
  description: null,
  organization_uuid: null,
  createdAt: '2026-11-21T10:00:00Z',
  updatedAt: '2026-11-21T10:00:00Z',
  versions: [],
  deployments: [],
};

function mockApi(status = 200, body: unknown = versionFixture({ uuid: 'v2', app_uuid: 'app-1' })) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/apps/app-1/versions') && init?.method === 'POST') {
      return jsonResponse(body, status);
    }
    if (url.endsWith('/meridian/v1/kube/apps')) return jsonResponse([app]);
    return jsonResponse({ message: 'not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sentFields(fetchMock: ReturnType<typeof mockApi>) {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
  expect(call).toBeDefined();
  expect(String(call![0])).toBe('/meridian/v1/kube/apps/app-1/versions');
  const fields: Record<string, string | File> = {};
  for (const [key, value] of (call![1]!.body as FormData).entries()) fields[key] = value;
  return fields;
}

/** Keeps the app list query active, as the sidebar does, so its refetch can be seen. */
function AppListProbe() {
  useApps();
  return null;
}

function drawer(open: boolean, onClose: () => void, of: App = app, from: Version | null = null) {
  return (
    <TestProviders store={createTestStore()}>
      <AppListProbe />
      <CreateVersionDrawer app={of} from={from} open={open} onClose={onClose} />
    </TestProviders>
  );
}

const submit = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Create version' }));

describe('CreateVersionDrawer', () => {
  beforeEach(() => {
    window.localStorage.setItem(
      USER_STORAGE_KEY,
      JSON.stringify({ userId: 'u', userEmail: 'e', token: 't' }),
    );
  });

  it('opens on Kubernetes Basic and asks for a version name', async () => {
    const fetchMock = mockApi();
    const user = userEvent.setup();
    render(drawer(true, vi.fn()));
    expect(screen.getByRole('tab', { name: 'Kubernetes', selected: true })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Basic', selected: true })).toBeTruthy();
    expect(screen.getByText(/A new version of shop/)).toBeTruthy();
    await submit(user);
    expect(await screen.findByText('Please provide a version')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('sends a Basic version named after the version, then refreshes the apps and closes', async () => {
    const fetchMock = mockApi();
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(drawer(true, onClose));
    await user.type(screen.getByLabelText('Version name'), ' v2 ');
    await user.type(screen.getByLabelText('Image'), 'nginx:1.27');
    await user.type(screen.getByLabelText('Target port'), '80');
    await user.type(screen.getByLabelText('Port'), '80');
    const appListCalls = () =>
      fetchMock.mock.calls.filter(
        ([url, init]) => String(url).endsWith('/kube/apps') && init?.method === 'GET',
      ).length;
    await waitFor(() => expect(appListCalls()).toBe(1));
    await submit(user);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    await waitFor(() => expect(appListCalls()).toBe(2));
    expect(sentFields(fetchMock)).toEqual({
      name: 'v2',
      template_type: 'KUBERNETES_BASIC',
      template: JSON.stringify({
        deploymentImage: 'nginx:1.27',
        deploymentReplicas: 1,
        deploymentTargetPort: 80,
        deploymentPort: 80,
        dockerRegistryType: 'public',
      }),
      template_name: 'v2.yaml',
    });
    expect(await screen.findByText('Version v2 created.')).toBeTruthy();
  });

  it('sends a Heat version with its flavor and volume type', async () => {
    const fetchMock = mockApi();
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(drawer(true, onClose));
    await user.type(screen.getByLabelText('Version name'), 'stack-2');
    await user.click(screen.getByRole('tab', { name: 'Heat' }));
    await submit(user);
    expect(await screen.findByText('Please provide a file')).toBeTruthy();
    await user.upload(
      screen.getByLabelText('Replace the Heat template with a file'),
      new File([sampleHeatTemplate], 'stack.yaml', { type: 'application/yaml' }),
    );
    expect((screen.getByLabelText('Heat template') as HTMLTextAreaElement).value).toBe(
      sampleHeatTemplate,
    );
    await submit(user);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const fields = sentFields(fetchMock);
    expect(Object.keys(fields).sort()).toEqual([
      'flavor_name',
      'name',
      'template',
      'template_name',
      'template_type',
      'volume_type',
    ]);
    expect(fields).toMatchObject({
      name: 'stack-2',
      template_type: 'HEAT',
      template_name: 'stack.yaml',
      flavor_name: 'mini',
      volume_type: 'SSD',
    });
  });

  it('refuses a Heat template without the required parameters', async () => {
    const fetchMock = mockApi();
    const user = userEvent.setup();
    render(drawer(true, vi.fn()));
    await user.type(screen.getByLabelText('Version name'), 'stack-2');
    await user.click(screen.getByRole('tab', { name: 'Heat' }));
    await user.upload(
      screen.getByLabelText('Replace the Heat template with a file'),
      new File(['heat_template_version: 2018-08-31\nparameters: {}\n'], 'stack.yaml'),
    );
    await submit(user);
    expect(await screen.findByText(/needs the parameter keypair_name/)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('shows the failure and closes; opening again starts from an empty form', async () => {
    mockApi(409, { message: 'A version with this name already exists', errors: [] });
    const user = userEvent.setup();
    const onClose = vi.fn();
    const view = render(drawer(true, onClose));
    await user.type(screen.getByLabelText('Version name'), 'v1');
    await user.click(screen.getByRole('tab', { name: 'Advanced' }));
    await user.upload(
      screen.getByLabelText('Replace the Kubernetes manifest with a file'),
      new File(['apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n'], 'ns.yaml'),
    );
    await submit(user);
    expect(await screen.findByText('Version creation unsuccessful.')).toBeTruthy();
    expect(screen.getByText('A version with this name already exists')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();

    view.rerender(drawer(false, onClose));
    view.rerender(drawer(true, onClose));
    expect((screen.getByLabelText('Version name') as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('tab', { name: 'Basic', selected: true })).toBeTruthy();
  });

  // The versions a new one can start from: oldest first, as the app answers them.
  const basicV1 = versionFixture({
    uuid: 'v1',
    name: 'v1',
    basic_settings: {
      deploymentImage: 'registry.example.ca/shop:1.0',
      deploymentReplicas: 3,
      deploymentTargetPort: 9090,
      deploymentPort: 8443,
      dockerRegistryType: 'private',
      privateDockerRegistryUrl: 'https://registry.example.ca',
      privateDockerRegistryUsername: 'deployer',
    },
  });
  const manifest = 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n';
  const advancedV2 = versionFixture({
    uuid: 'v2',
    name: 'v2',
    template_type: 'KUBERNETES_ADVANCED',
    template_name: 'shop.yaml',
    raw_template: manifest,
    basic_settings: null,
  });
  const heatV3 = versionFixture({
    uuid: 'v3',
    name: 'stack-9',
    template_type: 'HEAT',
    template_name: 'stack.yaml',
    raw_template: sampleHeatTemplate,
    flavor_name: 'large',
    volume_type: 'HDD',
    basic_settings: null,
  });
  const versioned: App = { ...app, versions: [basicV1, advancedV2, heatV3] };
  const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

  it('starts from every Basic setting of the version, replicas included, asking the password again', async () => {
    const fetchMock = mockApi();
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(drawer(true, onClose, versioned, basicV1));
    expect(screen.getByRole('tab', { name: 'Basic', selected: true })).toBeTruthy();
    // v1 and v2 exist: the next free name after v1.
    expect(value('Version name')).toBe('v3');
    expect(value('Image')).toBe('registry.example.ca/shop:1.0');
    expect(value('Replicas')).toBe('3');
    expect(value('Target port')).toBe('9090');
    expect(value('Port')).toBe('8443');
    expect(screen.getByRole('radio', { name: 'Private' })).toHaveProperty('checked', true);
    expect(value('Registry URL')).toBe('https://registry.example.ca');
    expect(value('Registry username')).toBe('deployer');
    expect(value('Registry password')).toBe('');
    expect(screen.getByText(/never shows a registry password once it is stored/)).toBeTruthy();

    await submit(user);
    expect(await screen.findByText('Please provide a value for this field')).toBeTruthy();
    await user.type(screen.getByLabelText('Registry password'), 'hunter2');
    await user.clear(screen.getByLabelText('Replicas'));
    await user.type(screen.getByLabelText('Replicas'), '4');
    await submit(user);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentFields(fetchMock)).toMatchObject({ name: 'v3', template_type: 'KUBERNETES_BASIC' });
    expect(JSON.parse(String(sentFields(fetchMock).template))).toEqual({
      ...basicV1.basic_settings,
      deploymentReplicas: 4,
      privateDockerRegistryPassword: 'hunter2',
    });
  });

  it('starts an Advanced version from its YAML in the editor, sent under its file name', async () => {
    const fetchMock = mockApi();
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(drawer(true, onClose, versioned, advancedV2));
    expect(screen.getByRole('tab', { name: 'Advanced', selected: true })).toBeTruthy();
    expect(value('Version name')).toBe('v3');
    expect(value('Kubernetes manifest')).toBe(manifest);
    await user.type(screen.getByLabelText('Kubernetes manifest'), '# tuned{Enter}');
    await submit(user);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const fields = sentFields(fetchMock);
    expect(fields).toMatchObject({
      template_type: 'KUBERNETES_ADVANCED',
      template_name: 'shop.yaml',
    });
    expect(await (fields.template as File).text()).toBe(`${manifest}# tuned\n`);
  });

  it('starts a Heat version from its template, flavor and volume type; another version on demand', async () => {
    const fetchMock = mockApi();
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(drawer(true, onClose, versioned, heatV3));
    expect(screen.getByRole('tab', { name: 'Heat', selected: true })).toBeTruthy();
    expect(value('Version name')).toBe('stack-10');
    expect(value('Heat template')).toBe(sampleHeatTemplate);
    expect(screen.getByText(/^Large · 16 vCPU/)).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'HDD' })).toHaveProperty('checked', true);

    // Starting from another version fills the form again, from it.
    await user.click(screen.getByRole('combobox', { name: 'Start from' }));
    await user.click(await screen.findByText('v1 · Kubernetes · Basic'));
    expect(await screen.findByRole('tab', { name: 'Basic', selected: true })).toBeTruthy();
    expect(value('Image')).toBe('registry.example.ca/shop:1.0');
    expect(value('Version name')).toBe('v3');

    await user.click(screen.getByRole('combobox', { name: 'Start from' }));
    await user.click(await screen.findByText('stack-9 · Heat'));
    expect(await screen.findByRole('tab', { name: 'Heat', selected: true })).toBeTruthy();
    await submit(user);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentFields(fetchMock)).toMatchObject({
      name: 'stack-10',
      template_type: 'HEAT',
      template_name: 'stack.yaml',
      flavor_name: 'large',
      volume_type: 'HDD',
    });
  });

  it('shows placeholders as examples, never as values', () => {
    mockApi();
    render(drawer(true, vi.fn()));
    const placeholders = [...document.querySelectorAll('input, textarea')]
      .map((field) => field.getAttribute('placeholder'))
      .filter(Boolean);
    expect(placeholders.slice(0, 4)).toEqual([
      'e.g. v2',
      'e.g. nginx:1.27',
      'e.g. 8080',
      'e.g. 80',
    ]);
    // The folded configuration sections' examples too (CPU and memory quantities).
    expect(placeholders.slice(4)).toEqual(['e.g. 250m', 'e.g. 500m', 'e.g. 256Mi', 'e.g. 512Mi']);
  });
});
