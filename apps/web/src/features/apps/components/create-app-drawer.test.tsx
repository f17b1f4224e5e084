import {
  sampleHeatTemplate,
  sampleHeatTemplateName,
  sampleKubernetesTemplate,
} from '@meridian/domain/apps/sample-templates';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as download from '../../../shared/lib/download-file';
import { USER_STORAGE_KEY } from '../../../shared/session/user-storage-key';
import {
  appFixture,
  smartClusterFixture,
  smartClusterPageAnswer,
} from '../../../shared/testing/api-fixtures';
import {
  createTestStore,
  jsonResponse,
  TestProviders,
} from '../../../shared/testing/test-providers';
import type { SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import { CreateAppDrawer } from './create-app-drawer';

const smartCluster = (
  uuid: string,
  name: string,
  status: 'success' | 'creating',
  datacenters = ['ca-montreal'],
) => smartClusterFixture({ uuid, name, status, datacenters, datacenter_uuid: datacenters[0]! });

const fewSmartClusters = [
  smartCluster('0e6f5a62-2c61-4f7a-9a35-3d1f0c2b7a11', 'production', 'success'),
  smartCluster('1f7a6b73-3d72-4a8b-8b46-4e2a1d3c8b22', 'staging', 'creating'),
  smartCluster('2a8b7c84-4e83-4b9c-9c57-5f3b2e4d9c33', 'on-prem', 'success', ['external']),
];

type Answer = { body: unknown; status: number };

function mockApi(
  answer: Answer = { body: appFixture({ uuid: 'new-app' }), status: 200 },
  smartClusters: readonly SmartCluster[] = fewSmartClusters,
) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.includes('/cluster/smart_clusters/page')) {
      return jsonResponse(smartClusterPageAnswer(smartClusters, new URL(url, 'http://localhost')));
    }
    if (url.endsWith('/meridian/v1/kube/apps') && init?.method === 'POST') {
      return jsonResponse(answer.body, answer.status);
    }
    if (url.endsWith('/meridian/v1/kube/apps')) return jsonResponse([]);
    return jsonResponse({ message: 'not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The multipart body of the POST /apps call, as name → value (files by their name). */
function sentFields(fetchMock: ReturnType<typeof mockApi>) {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
  expect(call).toBeDefined();
  const body = call![1]!.body;
  expect(body).toBeInstanceOf(FormData);
  const fields: Record<string, string | File> = {};
  for (const [key, value] of (body as FormData).entries()) fields[key] = value;
  return fields;
}

function renderDrawer() {
  const onClose = vi.fn();
  render(
    <TestProviders store={createTestStore()}>
      <CreateAppDrawer open onClose={onClose} />
    </TestProviders>,
  );
  return { onClose };
}

/** antd renders its options in a portal; they are found by their title (the label). */
async function choose(user: ReturnType<typeof userEvent.setup>, select: string, title: string) {
  await user.click(screen.getByRole('combobox', { name: select }));
  const option = await waitFor(() => {
    const found = document.querySelector<HTMLElement>(
      `.ant-select-item-option[title^="${title}"] .ant-select-item-option-content`,
    );
    expect(found).not.toBeNull();
    return found!;
  });
  await user.click(option);
}

async function fillCommon(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), '  shop ');
  await user.type(screen.getByLabelText('Description'), 'The web shop');
  await user.type(screen.getByLabelText('Version'), 'v1');
  await choose(user, 'Smart cluster', 'production');
}

const submit = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Create app' }));

/** Long values pasted rather than typed key by key: each key re-checks the whole form. */
async function paste(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

describe('CreateAppDrawer', () => {
  beforeEach(() => {
    window.localStorage.setItem(
      USER_STORAGE_KEY,
      JSON.stringify({ userId: 'u', userEmail: 'e', token: 't' }),
    );
  });

  it('names every missing field with the domain messages and sends nothing', async () => {
    const fetchMock = mockApi();
    const user = userEvent.setup();
    renderDrawer();
    await submit(user);
    expect(await screen.findByText('Please provide a name')).toBeTruthy();
    expect(screen.getByText('Please provide a version')).toBeTruthy();
    expect(screen.getByText('Please choose a cluster')).toBeTruthy();
    // Image, target port and port; replicas start at 1.
    expect(screen.getAllByText('Please provide a value for this field')).toHaveLength(3);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('offers only ready smart clusters', async () => {
    mockApi();
    const user = userEvent.setup();
    renderDrawer();
    await user.click(screen.getByRole('combobox', { name: 'Smart cluster' }));
    const busy = await waitFor(() => {
      const found = document.querySelector(
        '.ant-select-item-option[title="Available once created"]',
      );
      expect(found).not.toBeNull();
      return found!;
    });
    expect(busy.className).toContain('ant-select-item-option-disabled');
    expect(within(busy as HTMLElement).getByText('staging')).toBeTruthy();
    expect(within(busy as HTMLElement).getByText('Creating...')).toBeTruthy();
    const ready = document.querySelector('.ant-select-item-option[title="production"]');
    expect(ready?.className).not.toContain('ant-select-item-option-disabled');
  });

  it("says 'No matching clusters' when a search matches none", async () => {
    mockApi();
    const user = userEvent.setup();
    renderDrawer();
    await user.type(screen.getByRole('combobox', { name: 'Smart cluster' }), 'nowhere');
    expect(await screen.findByText('No matching clusters')).toBeTruthy();
    expect(screen.queryByText('No smart clusters yet — create one first.')).toBeNull();
  });

  it('searches every smart cluster on the server, a hundred at a time', async () => {
    const many = Array.from({ length: 150 }, (_, i) =>
      smartClusterFixture({
        uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        name: `cluster-${String(i).padStart(3, '0')}`,
        status: 'success',
        order: i,
      }),
    );
    const fetchMock = mockApi(undefined, many);
    const user = userEvent.setup();
    renderDrawer();
    expect(
      await screen.findByText('Showing 100 of 150 smart clusters; type a name to find the others.'),
    ).toBeTruthy();
    const combobox = screen.getByRole('combobox', { name: 'Smart cluster' });
    await user.click(combobox);
    const option = (name: string) =>
      document.querySelector<HTMLElement>(`.ant-select-item-option[title="${name}"]`);
    // antd lists options virtually: the first are in the page, the hundred-and-fiftieth nowhere.
    await waitFor(() => expect(option('cluster-000')).not.toBeNull());
    expect(option('cluster-149')).toBeNull();

    await user.type(combobox, 'cluster-149');
    await waitFor(() => expect(option('cluster-000')).toBeNull());
    await user.click(option('cluster-149')!);
    // Chosen from a search, it still reads by its name once the search is gone.
    const shown = () => combobox.closest('.ant-select-content')?.getAttribute('title');
    await waitFor(() => expect(shown()).toBe('cluster-149'));
    const pages = fetchMock.mock.calls
      .map(([url]) => new URL(String(url), 'http://localhost'))
      .filter((url) => url.pathname === '/cluster/smart_clusters/page');
    expect(pages.every((url) => url.searchParams.get('limit') === '100')).toBe(true);
    expect(pages.map((url) => url.searchParams.get('search'))).toContain('cluster-149');
    await user.click(combobox);
    await waitFor(() => expect(option('cluster-000')).not.toBeNull());
    expect(shown()).toBe('cluster-149');
  });

  it('keeps Heat off external clusters', async () => {
    const fetchMock = mockApi();
    const user = userEvent.setup();
    renderDrawer();
    await user.type(screen.getByLabelText('Name'), 'stack');
    await user.type(screen.getByLabelText('Version'), 'v1');
    await choose(user, 'Smart cluster', 'on-prem');
    await user.click(screen.getByRole('tab', { name: 'Heat' }));
    await user.upload(
      screen.getByLabelText('Heat template'),
      new File([sampleHeatTemplate], 'stack.yaml', { type: 'application/yaml' }),
    );
    await submit(user);
    expect(
      await screen.findByText('A Heat template cannot be deployed on an external cluster'),
    ).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('combobox', { name: 'Smart cluster' }));
    const external = await waitFor(() => {
      const found = document.querySelector(
        '.ant-select-item-option[title="A Heat template cannot be deployed on an external cluster"]',
      );
      expect(found).not.toBeNull();
      return found!;
    });
    expect(external.className).toContain('ant-select-item-option-disabled');
    expect(within(external as HTMLElement).getByText('Kubernetes only')).toBeTruthy();
  });

  it('sends a Basic app as the settings JSON named after the app, then closes', async () => {
    const fetchMock = mockApi();
    const user = userEvent.setup();
    const { onClose } = renderDrawer();
    await fillCommon(user);
    await user.type(screen.getByLabelText('Image'), ' nginx:1.27 ');
    const replicas = screen.getByLabelText('Replicas');
    await user.clear(replicas);
    await user.type(replicas, '2');
    await user.type(screen.getByLabelText('Target port'), '8080');
    await user.type(screen.getByLabelText('Port'), '80');
    await submit(user);

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentFields(fetchMock)).toEqual({
      name: 'shop',
      description: 'The web shop',
      version_name: 'v1',
      smart_cluster_uuid: '0e6f5a62-2c61-4f7a-9a35-3d1f0c2b7a11',
      template_type: 'KUBERNETES_BASIC',
      template: JSON.stringify({
        deploymentImage: 'nginx:1.27',
        deploymentReplicas: 2,
        deploymentTargetPort: 8080,
        deploymentPort: 80,
        dockerRegistryType: 'public',
      }),
      template_name: 'shop.yaml',
    });
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(String(post[0])).toBe('/meridian/v1/kube/apps');
    expect(await screen.findByText('App creation has started.')).toBeTruthy();
  });

  it('asks for the private registry details, with an https:// URL', async () => {
    const fetchMock = mockApi();
    const user = userEvent.setup();
    const { onClose } = renderDrawer();
    await fillCommon(user);
    await paste(user, screen.getByLabelText('Image'), 'registry.example.com/shop:2');
    await user.type(screen.getByLabelText('Target port'), '3000');
    await user.type(screen.getByLabelText('Port'), '0');
    await user.click(screen.getByLabelText('Private'));
    await submit(user);
    // antd validates the fields one after another: wait for all three messages, not the first.
    await waitFor(() =>
      expect(screen.getAllByText('Please provide a value for this field')).toHaveLength(3),
    );

    await paste(user, screen.getByLabelText('Registry URL'), 'http://registry.example.com');
    await paste(user, screen.getByLabelText('Registry username'), 'robot');
    await paste(user, screen.getByLabelText('Registry password'), 's3cret');
    await submit(user);
    expect(await screen.findByText('The registry URL must start with https://')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();

    const url = screen.getByLabelText('Registry URL');
    await user.clear(url);
    await paste(user, url, 'https://registry.example.com');
    await submit(user);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const settings = JSON.parse(sentFields(fetchMock).template as string) as Record<
      string,
      unknown
    >;
    expect(settings).toEqual({
      deploymentImage: 'registry.example.com/shop:2',
      deploymentReplicas: 1,
      deploymentTargetPort: 3000,
      deploymentPort: 0,
      dockerRegistryType: 'private',
      privateDockerRegistryUrl: 'https://registry.example.com',
      privateDockerRegistryUsername: 'robot',
      privateDockerRegistryPassword: 's3cret',
    });
  }, 40_000);

  it('sends an Advanced app as the uploaded manifest under its own name', async () => {
    const fetchMock = mockApi();
    const user = userEvent.setup();
    const { onClose } = renderDrawer();
    await fillCommon(user);
    await user.click(screen.getByRole('tab', { name: 'Advanced' }));
    await submit(user);
    expect(await screen.findByText('Please provide a file')).toBeTruthy();

    const file = new File([sampleKubernetesTemplate], 'shop.yml', { type: 'application/yaml' });
    await user.upload(screen.getByLabelText('Kubernetes manifest'), file);
    await submit(user);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const fields = sentFields(fetchMock);
    expect(Object.keys(fields).sort()).toEqual([
      'description',
      'name',
      'smart_cluster_uuid',
      'template',
      'template_name',
      'template_type',
      'version_name',
    ]);
    expect(fields.template_type).toBe('KUBERNETES_ADVANCED');
    expect(fields.template_name).toBe('shop.yml');
    expect((fields.template as File).name).toBe('shop.yml');
    expect(await (fields.template as File).text()).toBe(sampleKubernetesTemplate);
  });

  it('refuses a manifest the domain cannot read before sending it', async () => {
    const fetchMock = mockApi();
    const user = userEvent.setup();
    renderDrawer();
    await fillCommon(user);
    await user.click(screen.getByRole('tab', { name: 'Advanced' }));
    await user.upload(
      screen.getByLabelText('Kubernetes manifest'),
      new File(['kind: Service\n'], 'bad.yaml', { type: 'application/yaml' }),
    );
    await submit(user);
    expect(await screen.findByText(/apiVersion is missing/)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('sends a Heat app with the flavor lower-case and the volume type upper-case', async () => {
    const fetchMock = mockApi();
    const user = userEvent.setup();
    const { onClose } = renderDrawer();
    await fillCommon(user);
    await user.click(screen.getByRole('tab', { name: 'Heat' }));
    expect(screen.getByText(/Mini · 2 vCPU/)).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'SSD' })).toHaveProperty('checked', true);
    await choose(user, 'Flavor', 'Small');
    await user.click(screen.getByText('HDD'));
    await user.upload(
      screen.getByLabelText('Heat template'),
      new File([sampleHeatTemplate], 'stack.yaml', { type: 'application/yaml' }),
    );
    await submit(user);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const fields = sentFields(fetchMock);
    expect(fields.template_type).toBe('HEAT');
    expect(fields.flavor_name).toBe('small');
    expect(fields.volume_type).toBe('HDD');
    expect(fields.template_name).toBe('stack.yaml');
    expect((fields.template as File).name).toBe('stack.yaml');
  });

  it('downloads the sample Heat template', async () => {
    mockApi();
    const save = vi.spyOn(download, 'downloadTextFile').mockImplementation(() => {});
    const user = userEvent.setup();
    renderDrawer();
    await user.click(screen.getByRole('tab', { name: 'Heat' }));
    await user.click(screen.getByRole('button', { name: /sample Heat template/ }));
    expect(save).toHaveBeenCalledWith(
      sampleHeatTemplateName,
      sampleHeatTemplate,
      'application/yaml',
    );
  });

  it("tells the server's reasons when creation fails, and closes", async () => {
    mockApi({
      status: 400,
      body: { message: 'Invalid app', errors: ['The smart cluster must be ready (Created)'] },
    });
    const user = userEvent.setup();
    const { onClose } = renderDrawer();
    await fillCommon(user);
    await user.type(screen.getByLabelText('Image'), 'nginx');
    await user.type(screen.getByLabelText('Target port'), '80');
    await user.type(screen.getByLabelText('Port'), '80');
    await submit(user);
    expect(await screen.findByText('App creation unsuccessful.')).toBeTruthy();
    expect(screen.getByText('The smart cluster must be ready (Created)')).toBeTruthy();
    expect(screen.getByText('Please try again or contact support.')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
  });
});
