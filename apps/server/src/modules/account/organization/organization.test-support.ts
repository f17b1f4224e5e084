import type { Invitation } from '@meridian/domain/auth/invitation';
import type { Organization, OrganizationRole } from '@meridian/domain/auth/organization';
import type { LoggedIn } from '../../../../test-support/test-app';
import type { App } from '../../../platform/http/http-app';

/** The user's open invitations (GET /auth/invitations). */
export async function invitationsOf(app: App, user: LoggedIn): Promise<Invitation[]> {
  const response = await app.inject({
    method: 'GET',
    url: '/auth/invitations',
    headers: user.headers,
  });
  if (response.statusCode !== 200) {
    throw new Error(`listing invitations answered ${response.statusCode}: ${response.body}`);
  }
  return response.json<Invitation[]>();
}

/**
 * Makes `member` a member the only way there is: `admin` invites them by `username`, they accept.
 * Answers the organisation as the new member sees it.
 */
export async function joinOrganization(
  app: App,
  {
    admin,
    member,
    username,
    organizationId,
    role,
  }: {
    admin: LoggedIn;
    member: LoggedIn;
    username: string;
    organizationId: string;
    role?: OrganizationRole;
  },
): Promise<Organization> {
  const invited = await app.inject({
    method: 'POST',
    url: `/auth/organizations/${organizationId}/members`,
    headers: admin.headers,
    payload: role ? { username, role } : { username },
  });
  if (invited.statusCode !== 202) {
    throw new Error(`inviting ${username} answered ${invited.statusCode}: ${invited.body}`);
  }
  const invitation = (await invitationsOf(app, member)).find(
    (entry) => entry.organization_uuid === organizationId,
  );
  if (!invitation) throw new Error(`${username} has no invitation to ${organizationId}`);
  const accepted = await app.inject({
    method: 'POST',
    url: `/auth/invitations/${invitation.uuid}/accept`,
    headers: member.headers,
  });
  if (accepted.statusCode !== 200) {
    throw new Error(`accepting answered ${accepted.statusCode}: ${accepted.body}`);
  }
  return accepted.json<Organization>();
}
