import { invitationMessages, type Invitation } from '@meridian/domain/auth/invitation';
import type { Organization } from '@meridian/domain/auth/organization';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_STORAGE_KEY } from '../../shared/session/user-storage-key';
import { jsonResponse, renderRoutes } from '../../shared/testing/test-providers';
import { OrganizationsPage } from './organizations-page';

const acme: Organization = {
  uuid: '11111111-1111-4111-8111-111111111111',
  name: 'Acme',
  role: 'admin',
  createdAt: '2026-11-21T10:00:00Z',
  members: [{ user_uuid: 'u-ada', username: 'ada', role: 'admin' }],
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

const posts = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([input, init]) => [
      new URL(String(input), 'http://console').pathname,
      init?.body ? JSON.parse(String(init.body)) : undefined,
    ]);

function renderPage() {
  return renderRoutes([{ path: '/organizations', element: <OrganizationsPage /> }], {
    initialEntries: ['/organizations'],
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
    expect(card.textContent).toContain('hank invited you to join Globex as member.');
    expect(screen.queryByRole('heading', { name: 'Globex' })).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Accept the invitation to Globex' }));
    expect(await screen.findByRole('heading', { name: 'Globex' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('invitation')).toBeNull());
    expect(posts(fetchMock)).toEqual([[`/auth/invitations/${invitation.uuid}/accept`, undefined]]);
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
    expect(posts(fetchMock)).toEqual([[`/auth/invitations/${invitation.uuid}/decline`, undefined]]);
    expect(screen.queryByRole('heading', { name: 'Globex' })).toBeNull();
  });

  it('lets an admin invite by username and says an invitation was sent', async () => {
    const fetchMock = mockApi({ invitations: [] });
    const user = userEvent.setup();
    renderPage();
    const form = await screen.findByRole('form', { name: 'Invite a member' });
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('Please enter a username')).toBeTruthy();

    await user.type(within(form).getByLabelText('Username'), '  bob ');
    await user.click(within(form).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByTitle('Admin'));
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));

    const outcome = await screen.findByTestId('invite-outcome');
    expect(outcome.textContent).toBe(invitationMessages.sent);
    expect(posts(fetchMock)).toEqual([
      [`/auth/organizations/${acme.uuid}/members`, { username: 'bob', role: 'admin' }],
    ]);
    // An invitation is not a member: the list stays as it was.
    const members = screen.getByRole('table', { name: 'Members' });
    expect(within(members).queryByText('bob')).toBeNull();
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

  it('offers a plain member no invitation form, and an empty state to a user with none', async () => {
    mockApi({ organizations: [globex], invitations: [] });
    const view = renderPage();
    expect(await screen.findByRole('heading', { name: 'Globex' })).toBeTruthy();
    expect(screen.getByText('Your role: Member')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Invite a member' })).toBeNull();
    view.unmount();

    mockApi({ organizations: [], invitations: [] });
    renderPage();
    expect(await screen.findByText('You belong to no organisation yet')).toBeTruthy();
  });
});
