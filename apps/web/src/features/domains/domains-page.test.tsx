import type { DnsRecord, Domain } from '@meridian/domain/domains/domain-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_STORAGE_KEY } from '../../shared/session/user-storage-key';
import { subdomainFixture } from '../../shared/testing/api-fixtures';
import { jsonResponse, renderRoutes } from '../../shared/testing/test-providers';
import { DomainsPage } from './domains-page';

const domain: Domain = {
  uuid: '0b7c1f0e-9a51-4c1e-8f1f-0a6b8d1c2e3f',
  domain_name: 'example.ca',
  name: 'example.ca',
  email: null,
  organization_uuid: null,
  status: 'success',
  status_reason: null,
  createdAt: '2026-11-21T10:00:00Z',
  updatedAt: '2026-11-21T11:00:00Z',
  jobUuids: [],
  subdomains: [],
  nameservers: ['ns1.meridian.test', 'ns2.meridian.test'],
};

function record(index: number, overrides: Partial<DnsRecord> = {}): DnsRecord {
  return {
    uuid: `r${index}`,
    domain_uuid: domain.uuid,
    domain: `h${index}.example.ca`,
    type: 'A',
    content: `203.0.113.${index}`,
    ttl: 3600,
    ...overrides,
  };
}

interface MockOptions {
  domains?: Domain[];
  records?: DnsRecord[];
  failCreate?: boolean;
  inUse?: boolean;
}

function mockApi({
  domains = [domain],
  records = [record(1)],
  failCreate = false,
  inUse = false,
}: MockOptions) {
  let list = [...records];
  let domainList = [...domains];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    if (url.pathname === '/domain/name/page' && method === 'GET') {
      const limit = Number(url.searchParams.get('limit'));
      const offset = Number(url.searchParams.get('offset'));
      const items = domainList.slice(offset, offset + limit);
      return jsonResponse({ items, total: domainList.length, offset, limit });
    }
    if (url.pathname.endsWith('/subdomains')) {
      return jsonResponse([
        subdomainFixture({ subdomain: 'shop.example.ca', domain_uuid: domain.uuid }),
      ]);
    }
    if (url.pathname === '/domain/nameservers') {
      return jsonResponse({ nameservers: domain.nameservers });
    }
    if (url.pathname === '/domain/dns/user' && method === 'GET') return jsonResponse(list);
    if (url.pathname === '/domain/dns/user' && method === 'POST') {
      if (failCreate) return jsonResponse({ message: 'zone busy' }, 500);
      const created = { ...(body as unknown as DnsRecord), uuid: `new-${list.length}` };
      list = [created, ...list];
      return jsonResponse(created);
    }
    const id = url.pathname.match(/^\/domain\/dns\/user\/(.+)$/)?.[1];
    if (id && method === 'PUT') {
      list = list.map((item) => (item.uuid === id ? { ...item, ...body } : item));
      return jsonResponse(list.find((item) => item.uuid === id));
    }
    if (id && method === 'DELETE') {
      list = list.filter((item) => item.uuid !== id);
      return jsonResponse({ status: 'success' });
    }
    if (url.pathname.startsWith('/domain/name/') && method === 'DELETE') {
      if (inUse && url.searchParams.get('release_names') !== 'true') {
        const message =
          'example.ca is still used by 1 deployment: shop (v1, Montréal). Remove their names under it first, or delete the domain together with them.';
        return jsonResponse({ message }, 409);
      }
      domainList = domainList.filter((item) => !url.pathname.endsWith(item.uuid));
      return jsonResponse({ status: 'deleting' });
    }
    return jsonResponse({ message: 'not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function calls(fetchMock: ReturnType<typeof mockApi>, method: string) {
  return fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([input, init]) => ({
      url: String(input),
      body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
    }));
}

function renderPage() {
  return renderRoutes([{ path: '/domain', element: <DomainsPage /> }], {
    initialEntries: ['/domain'],
  });
}

async function openEditor(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('article', { name: 'example.ca' }));
  return screen.findByTestId('dns-editor');
}

function createButton(editor: HTMLElement) {
  return within(editor).getByText('Create DNS record').closest('button') as HTMLButtonElement;
}

function dataRows(editor: HTMLElement) {
  return within(editor).queryAllByTestId('dns-row');
}

describe('DomainsPage', () => {
  beforeEach(() => {
    window.localStorage.setItem(
      USER_STORAGE_KEY,
      JSON.stringify({ userId: 'u', userEmail: 'e', token: 't' }),
    );
  });

  it('shows the empty message with the Add Domain action', async () => {
    mockApi({ domains: [] });
    renderPage();
    expect(await screen.findByText('No domains yet')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /Add Domain/ })).toHaveLength(2);
  });

  it('lists a thousand domains a page at a time, rendering only the rows in view', async () => {
    const many = Array.from({ length: 1000 }, (_, i) => ({
      ...domain,
      uuid: `d-${i}`,
      domain_name: `site-${i}.ca`,
      name: `site-${i}.ca`,
    }));
    const fetchMock = mockApi({ domains: many });
    renderPage();
    expect(await screen.findByRole('article', { name: 'site-0.ca' })).toBeTruthy();
    expect(screen.getAllByRole('listitem')[0]!.getAttribute('aria-setsize')).toBe('1000');
    expect(screen.getAllByRole('article').length).toBeLessThanOrEqual(30);
    const scroller = screen.getByTestId('domains-scroller');
    scroller.scrollTop = 16 * 200;
    scroller.dispatchEvent(new Event('scroll'));
    expect(await screen.findByRole('article', { name: 'site-55.ca' })).toBeTruthy();
    const offsets = calls(fetchMock, 'GET')
      .map((call) => new URL(call.url, 'http://localhost'))
      .filter((url) => url.pathname === '/domain/name/page')
      .map((url) => url.searchParams.get('offset'));
    expect(offsets).toEqual(['0', '50']);
  });

  it('shows a card per domain with its status and times, and deletes after confirmation', async () => {
    const fetchMock = mockApi({});
    const user = userEvent.setup({ delay: null });
    renderPage();
    const card = await screen.findByRole('article', { name: 'example.ca' });
    expect(within(card).getByText('Created', { selector: '.ant-tag' })).toBeTruthy();
    expect(card.textContent).toMatch(/Nov 21, 2026/);

    await user.click(within(card).getByRole('button', { name: 'Actions for example.ca' }));
    await user.click(await screen.findByText('Delete'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Delete the domain example.ca?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'example.ca' })).toBeNull());
    expect(calls(fetchMock, 'DELETE')[0]?.url).toContain(`/domain/name/${domain.uuid}`);
  });

  it('offers to delete a domain in use together with the names deployments use under it', async () => {
    const fetchMock = mockApi({ inUse: true });
    const user = userEvent.setup({ delay: null });
    renderPage();
    const card = await screen.findByRole('article', { name: 'example.ca' });
    await user.click(within(card).getByRole('button', { name: 'Actions for example.ca' }));
    await user.click(await screen.findByText('Delete'));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    // No dead end: the refusal names the deployment and leads to the one-step way out.
    const [offer] = await screen.findAllByText(
      'Delete example.ca together with the names deployments use under it?',
    );
    const dialog = offer!.closest('.ant-modal') as HTMLElement;
    expect(dialog.textContent).toContain('shop (v1, Montréal)');
    await user.click(within(dialog).getByRole('button', { name: 'Remove the names and delete' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'example.ca' })).toBeNull());
    expect(calls(fetchMock, 'DELETE').map((call) => call.url)).toEqual([
      expect.stringMatching(/\/domain\/name\/[^?]+$/),
      expect.stringMatching(/\?release_names=true$/),
    ]);
  });

  it('opens the bottom drawer with the name servers, records and subdomain rows', async () => {
    mockApi({});
    const user = userEvent.setup({ delay: null });
    renderPage();
    const editor = await openEditor(user);
    expect(await screen.findByText('ns1.meridian.test')).toBeTruthy();
    await within(editor).findByText('203.0.113.1');
    const rows = dataRows(editor);
    expect(rows.map((row) => row.getAttribute('data-kind'))).toEqual(['record', 'subdomain']);
    const subdomain = rows[1]!;
    expect(within(subdomain).getByText('Subdomain')).toBeTruthy();
    expect(within(subdomain).getByTestId('dns-host').textContent).toBe('shop');
    expect(within(subdomain).queryByRole('button')).toBeNull();
    expect(document.querySelector('.ant-drawer-bottom')).toBeTruthy();
  });

  it('creates a record from a temporary row at the top, one row at a time', async () => {
    const fetchMock = mockApi({});
    const user = userEvent.setup({ delay: null });
    renderPage();
    const editor = await openEditor(user);
    await within(editor).findByText('203.0.113.1');

    const create = createButton(editor);
    const total = () => editor.querySelector('.ant-pagination-total-text')?.textContent;
    const before = total();
    await user.click(create);
    expect(dataRows(editor)[0]?.getAttribute('data-kind')).toBe('new');
    // The unsaved row is no record yet: the total stays as it was.
    expect(total()).toBe(before);
    // A second click adds nothing, and the other rows cannot be edited meanwhile.
    expect((create as HTMLButtonElement).disabled).toBe(true);
    expect((within(editor).getByLabelText('Edit A record h1') as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(dataRows(editor).filter((row) => row.dataset.kind === 'new')).toHaveLength(1);
    expect((within(editor).getByLabelText('TTL') as HTMLInputElement).value).toBe('3600');

    await user.click(within(editor).getByLabelText('Confirm'));
    // Host and value are both required, each with the spec's generic message.
    // antd validates the fields one after another: wait for both messages, not the first.
    await waitFor(() =>
      expect(within(editor).getAllByText('Please provide a value for this field')).toHaveLength(2),
    );

    await user.type(within(editor).getByLabelText('Host'), 'api');
    await user.type(within(editor).getByLabelText('Value'), '999.0.0.1');
    await user.click(within(editor).getByLabelText('Confirm'));
    expect(await within(editor).findByText('Please provide a valid IPv4 address')).toBeTruthy();

    await user.clear(within(editor).getByLabelText('Value'));
    await user.type(within(editor).getByLabelText('Value'), '198.51.100.4');
    await user.click(within(editor).getByLabelText('Confirm'));
    await within(editor).findByText('198.51.100.4');
    expect(calls(fetchMock, 'POST')[0]?.body).toEqual({
      domain_uuid: domain.uuid,
      domain: 'api.example.ca',
      ttl: 3600,
      type: 'A',
      content: '198.51.100.4',
    });
    expect(dataRows(editor).some((row) => row.dataset.kind === 'new')).toBe(false);
  });

  it('creates an MX record from its priority and host inputs', async () => {
    const fetchMock = mockApi({});
    const user = userEvent.setup({ delay: null });
    renderPage();
    const editor = await openEditor(user);
    await within(editor).findByText('203.0.113.1');
    await user.click(createButton(editor));
    await user.click(within(editor).getByLabelText('Type'));
    await user.click(await screen.findByTitle('MX'));
    // The MX inputs render once the form sees the new type: wait for them (slow under CI load).
    const priority = await within(editor).findByLabelText('Priority', {}, { timeout: 5000 });
    await user.type(within(editor).getByLabelText('Host'), '@');
    await user.type(priority, '10');
    await user.type(within(editor).getByLabelText('Mail host'), 'mail.example.ca');
    await user.click(within(editor).getByLabelText('Confirm'));
    await within(editor).findByText('10 mail.example.ca');
    expect(calls(fetchMock, 'POST')[0]?.body).toMatchObject({
      domain: 'example.ca',
      type: 'MX',
      content: '10 mail.example.ca',
    });
  });

  it('edits a record with its type fixed, and sends domain, ttl and content', async () => {
    const fetchMock = mockApi({});
    const user = userEvent.setup({ delay: null });
    renderPage();
    const editor = await openEditor(user);
    await within(editor).findByText('203.0.113.1');
    await user.click(within(editor).getByLabelText('Edit A record h1'));
    expect(within(editor).queryByLabelText('Type')).toBeNull();
    expect((within(editor).getByLabelText('Host') as HTMLInputElement).value).toBe('h1');
    const ttl = within(editor).getByLabelText('TTL');
    await user.clear(ttl);
    await user.type(ttl, '300');
    await user.click(within(editor).getByLabelText('Confirm'));
    await waitFor(() => expect(calls(fetchMock, 'PUT')).toHaveLength(1));
    expect(calls(fetchMock, 'PUT')[0]).toEqual({
      url: expect.stringContaining('/domain/dns/user/r1') as unknown as string,
      body: { domain: 'h1.example.ca', ttl: 300, content: '203.0.113.1' },
    });
    expect(await within(editor).findByText('300')).toBeTruthy();
  });

  it('cancel leaves edit mode without a call, and delete asks first', async () => {
    const fetchMock = mockApi({});
    const user = userEvent.setup({ delay: null });
    renderPage();
    const editor = await openEditor(user);
    await within(editor).findByText('203.0.113.1');
    await user.click(createButton(editor));
    await user.click(within(editor).getByLabelText('Cancel'));
    expect(dataRows(editor).some((row) => row.dataset.kind === 'new')).toBe(false);

    await user.click(within(editor).getByLabelText('Delete A record h1'));
    const dialog = (await screen.findAllByText('Delete the A record h1?'))[0]!.closest(
      '.ant-modal',
    );
    await user.click(
      within(dialog as HTMLElement)
        .getByText('Delete')
        .closest('button')!,
    );
    await waitFor(() => expect(within(editor).queryByText('203.0.113.1')).toBeNull());
    expect(calls(fetchMock, 'DELETE')[0]?.url).toContain('/domain/dns/user/r1');
    expect(calls(fetchMock, 'POST')).toHaveLength(0);
  });

  it('shows the spec message when record creation fails', async () => {
    mockApi({ failCreate: true });
    const user = userEvent.setup({ delay: null });
    renderPage();
    const editor = await openEditor(user);
    await within(editor).findByText('203.0.113.1');
    await user.click(createButton(editor));
    await user.type(within(editor).getByLabelText('Host'), 'www');
    await user.type(within(editor).getByLabelText('Value'), '198.51.100.4');
    await user.click(within(editor).getByLabelText('Confirm'));
    expect(await screen.findByText('Record creation failed. Please try again later.')).toBeTruthy();
  });

  it('pages at 7 rows', async () => {
    mockApi({ records: Array.from({ length: 9 }, (_, index) => record(index + 1)) });
    const user = userEvent.setup({ delay: null });
    renderPage();
    const editor = await openEditor(user);
    await within(editor).findByText('203.0.113.1');
    expect(dataRows(editor)).toHaveLength(7);
    await user.click(within(editor).getByTitle('2'));
    // 9 records and 1 subdomain row: 3 on the second page.
    await waitFor(() => expect(dataRows(editor)).toHaveLength(3));
    expect(within(editor).getByText('203.0.113.8')).toBeTruthy();
  });
});
