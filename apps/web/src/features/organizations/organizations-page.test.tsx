import { invitationMessages, type Invitation } from '@meridian/domain/auth/invitation';
import type { Organization } from '@meridian/domain/auth/organization';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_STORAGE_KEY } from '../../shared/session/user-storage-key';
import { createTestStore, jsonResponse, renderRoutes } from '../../shared/testing/test-providers';
import { OrganizationsPage } from './organizations-page';

const acme: Organization = {
  uuid: '11111111-1111-4111-8111-111111111111',
  name: 'Acme',
  role: 'owner',
  createdAt: '2026-11-21T10:00:00Z',
  members: [
    { user_uuid: 'u-ada', username: 'ada', role: 'owner' },
    { user_uuid: 'u-bob', username: 'bob', role: 'viewer' },
  ],
};
const globex: Organization = {
  uuid: '22222222-2222-4222-8222-222222222222',
  name: 'Globex',
  role: 'developer',
  createdAt: '2026-11-21T11:00:00Z',
  members: [
    { user_uuid: 'u-hank', username: 'hank', role: 'admin' },
    { user_uuid: 'u-ada', username: 'ada', role: 'developer' },
  ],
};
const invitation: Invitation = {
  uuid: '33333333-3333-4333-8333-333333333333',
  organization_uuid: globex.uuid,
  organization_name: 'Globex',
  role: 'developer',
  invited_by: 'hank',
};

function mockApi({
  organizations = [acme],
  invitations = [invitation],
  inviteStatus = 202,
}: { organizations?: Organization[]; invitations?: Invitation[]; inviteStatus?: number } = {}) {
  let joined = [...organizations];
  let open = [...invitations];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://console').pathname;
    const method = init?.method ?? 'GET';
    if (method === 'GET' && path === '/auth/organizations') return jsonResponse(joined);
    if (method === 'GET' && path === '/auth/invitations') return jsonResponse(open);
    const answered = /^\/auth\/invitations\/([^/]+)\/(accept|decline)$/.exec(path);
    if (method === 'POST' && answered) {
      open = open.filter((entry) => entry.uuid !== answered[1]);
      if (answered[2] === 'decline') return jsonResponse({ status: 'success' });
      joined = [...joined, globex];
      return jsonResponse(globex);
    }
    const member = /^\/auth\/organizations\/([^/]+)\/members\/([^/]+)$/.exec(path);
    if (method === 'PUT' && member) {
      const { role } = JSON.parse(String(init?.body)) as { role: Organization['role'] };
      joined = joined.map((entry) =>
        entry.uuid !== member[1]
          ? entry
          : {
              ...entry,
              role: member[2] === 'u-ada' ? role : entry.role,
              members: entry.members.map((m) => (m.user_uuid === member[2] ? { ...m, role } : m)),
            },
      );
      return jsonResponse(joined.find((entry) => entry.uuid === member[1]));
    }
    if (method === 'DELETE' && path === `/auth/organizations/${acme.uuid}`) {
      return jsonResponse({ message: stillOwns }, 409);
    }
    if (method === 'POST' && path === `/auth/organizations/${acme.uuid}/members`) {
      return inviteStatus === 202
        ? jsonResponse({ message: invitationMessages.sent }, 202)
        : jsonResponse({ message: invitationMessages.tooMany(1800) }, inviteStatus);
    }
    return jsonResponse({ message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const stillOwns = 'Acme still owns 1 app: delete or move it first';

const sent = (fetchMock: ReturnType<typeof mockApi>, method = 'POST') =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([input, init]) => [
      new URL(String(input), 'http://console').pathname,
      init?.body ? JSON.parse(String(init.body)) : undefined,
    ]);

function renderPage() {
  // The signed-in user as the auth feature's session slice holds them.
  const session = () => ({ data: { userId: 'u-ada' } });
  return renderRoutes([{ path: '/organizations', element: <OrganizationsPage /> }], {
    initialEntries: ['/organizations'],
    store: createTestStore({ session }),
  });
}

describe('OrganizationsPage', () => {
  beforeEach(() => {
    window.localStorage.setItem(
      USER_STORAGE_KEY,
      JSON.stringify({ userId: 'u-ada', userEmail: 'ada@example.ca', token: 't' }),
    );
  });

  it('shows an invitation, and joins the organisation only when it is accepted', async () => {
    const fetchMock = mockApi();
    const user = userEvent.setup();
    renderPage();
    const card = await screen.findByTestId('invitation');
    expect(card.textContent).toContain('hank invited you to join Globex as developer.');
    expect(screen.queryByRole('heading', { name: 'Globex' })).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Accept the invitation to Globex' }));
    expect(await screen.findByRole('heading', { name: 'Globex' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('invitation')).toBeNull());
    expect(sent(fetchMock)).toEqual([[`/auth/invitations/${invitation.uuid}/accept`, undefined]]);
    expect(await screen.findByText('You joined Globex.')).toBeTruthy();
  });

  it('removes a declined invitation without joining', async () => {
    const fetchMock = mockApi();
    const user = userEvent.setup();
    renderPage();
    const card = await screen.findByTestId('invitation');
    await user.click(
      within(card).getByRole('button', { name: 'Decline the invitation to Globex' }),
    );
    await waitFor(() => expect(screen.queryByTestId('invitation')).toBeNull());
    expect(sent(fetchMock)).toEqual([[`/auth/invitations/${invitation.uuid}/decline`, undefined]]);
    expect(screen.queryByRole('heading', { name: 'Globex' })).toBeNull();
  });

  it('lets an admin invite by username and says an invitation was sent', async () => {
    const fetchMock = mockApi({ invitations: [] });
    const user = userEvent.setup();
    renderPage();
    const form = await screen.findByRole('form', { name: 'Invite a member' });
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('Please enter a username')).toBeTruthy();

    await user.type(within(form).getByLabelText('Username'), '  carl ');
    await user.click(within(form).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByTitle('Admin'));
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));

    const outcome = await screen.findByTestId('invite-outcome');
    expect(outcome.textContent).toBe(invitationMessages.sent);
    expect(sent(fetchMock)).toEqual([
      [`/auth/organizations/${acme.uuid}/members`, { username: 'carl', role: 'admin' }],
    ]);
    // An invitation is not a member: the list stays as it was.
    const members = screen.getByRole('table', { name: 'Members' });
    expect(within(members).queryByText('carl')).toBeNull();
  });

  it('shows the throttle’s sentence when the admin sent too many', async () => {
    mockApi({ invitations: [], inviteStatus: 429 });
    const user = userEvent.setup();
    renderPage();
    const form = await screen.findByRole('form', { name: 'Invite a member' });
    await user.type(within(form).getByLabelText('Username'), 'bob');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    const outcome = await screen.findByTestId('invite-outcome');
    expect(outcome.textContent).toContain('Cannot send the invitation.');
    expect(outcome.textContent).toContain(invitationMessages.tooMany(1800));
  });

  it('lets an owner change a role, hand the organisation over, and hear why it cannot be deleted', async () => {
    const fetchMock = mockApi({ invitations: [] });
    const user = userEvent.setup();
    renderPage();
    const card = await screen.findByTestId('organization');
    await user.click(within(card).getByRole('combobox', { name: 'Role of bob' }));
    // The open list's option: the last of the page's elements titled so.
    await user.click((await screen.findAllByTitle('Developer')).at(-1) ?? document.body);
    await waitFor(() =>
      expect(sent(fetchMock, 'PUT')).toEqual([
        [`/auth/organizations/${acme.uuid}/members/u-bob`, { role: 'developer' }],
      ]),
    );

    await user.click(within(card).getByRole('button', { name: 'Transfer ownership' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Transfer ownership of Acme')).toBeTruthy();
    await user.click(within(dialog).getByRole('combobox', { name: 'New owner' }));
    await user.click(await screen.findByTitle('bob'));
    expect(within(dialog).getByText('bob will own Acme, and you will be an admin.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Transfer ownership' }));
    expect(await screen.findByText('bob now owns Acme.')).toBeTruthy();
    // The successor first, so the organisation always keeps an owner.
    expect(sent(fetchMock, 'PUT').slice(1)).toEqual([
      [`/auth/organizations/${acme.uuid}/members/u-bob`, { role: 'owner' }],
      [`/auth/organizations/${acme.uuid}/members/u-ada`, { role: 'admin' }],
    ]);
    expect(await within(card).findByText('Your role: Admin')).toBeTruthy();
  });

  it('shows the server’s sentence when an owner deletes an organisation that still owns things', async () => {
    mockApi({ invitations: [] });
    const user = userEvent.setup();
    renderPage();
    const card = await screen.findByTestId('organization');
    await user.click(within(card).getByRole('button', { name: 'Delete organisation' }));
    const confirm = await screen.findByRole('tooltip', { name: /Delete Acme\?/ });
    await user.click(within(confirm).getByRole('button', { name: 'Delete organisation' }));
    expect(await screen.findByText(stillOwns)).toBeTruthy();
  });

  it('shows a developer the actions of admins and owners disabled, saying why', async () => {
    mockApi({ organizations: [globex], invitations: [] });
    const user = userEvent.setup();
    const view = renderPage();
    const card = await screen.findByTestId('organization');
    expect(within(card).getByText('Your role: Developer')).toBeTruthy();
    expect(within(card).queryByRole('form', { name: 'Invite a member' })).toBeNull();
    const why = 'Needs the admin role in Globex (yours: developer)';
    expect(within(card).getByText(why)).toBeTruthy();
    const hankRole = within(card).getByRole('combobox', { name: 'Role of hank' });
    expect(hankRole.closest('.ant-select-disabled')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Remove hank' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(within(card).getByRole('button', { name: 'Leave Globex' })).toHaveProperty(
      'disabled',
      false,
    );
    const transfer = within(card).getByRole('button', { name: 'Transfer ownership' });
    expect(transfer).toHaveProperty('disabled', true);
    await user.hover(transfer.parentElement ?? transfer);
    expect(
      await screen.findByRole('tooltip', {
        name: 'Needs the owner role in Globex (yours: developer)',
      }),
    ).toBeTruthy();
    view.unmount();

    mockApi({ organizations: [], invitations: [] });
    renderPage();
    expect(await screen.findByText('You belong to no organisation yet')).toBeTruthy();
  });
});
