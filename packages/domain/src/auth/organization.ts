import { z } from 'zod';
import { limits } from '../limits';
import { requiredText, tooLongMessage } from '../request-fields';
import { validationMessages } from '../validation-messages';

/** From most to least rights; each role can do all that the roles after it can (docs/organizations.md). */
export const organizationRoles = ['owner', 'admin', 'developer', 'viewer'] as const;
export type OrganizationRole = (typeof organizationRoles)[number];

/** What each role adds: viewer reads; developer ships; admin manages; owner owns. */
export const roleRights: Record<OrganizationRole, string> = {
  viewer: 'reads apps, smart clusters, domains, history and usage',
  developer:
    'also creates versions, deploys, rolls back, reads logs and metrics, manages DNS records',
  admin: 'also creates and deletes apps, smart clusters and domains, manages members and API keys',
  owner: 'also deletes the organisation and transfers ownership',
};

/** True when `role` has at least the rights of `needed`. */
export function roleAllows(role: OrganizationRole, needed: OrganizationRole): boolean {
  return organizationRoles.indexOf(role) <= organizationRoles.indexOf(needed);
}

/**
 * The header a request names the organisation it acts in with (lists, counters, creations);
 * without it a request acts in the caller's personal account.
 */
export const organizationHeader = 'x-organization-uuid';

export const organizationMessages = {
  notFound: 'Organisation not found',
  lastOwner: 'An organisation keeps at least one owner: make another member owner first',
  role: "Please choose a role: 'owner', 'admin', 'developer' or 'viewer'",
  notAdmin: 'Please choose an organisation you are an admin of',
  notMember: 'Please choose an organisation you belong to',
  adminOnly: 'Only an admin or owner of the organisation can do this',
  ownerOnly: 'Only an owner of the organisation can do this',
  /** A 403: names the role the action needs and the caller's own. */
  roleNeeded: (needed: OrganizationRole, role: OrganizationRole, organization: string) =>
    `This needs the ${needed} role or above in ${organization}; your role there is ${role}`,
  defaultTaken: 'This organisation already has a default smart cluster',
  deleteShared:
    'This smart cluster is shared with an organisation: delete it with DELETE /cluster/clusters/shared/{id}',
} as const;

const organizationName = requiredText(
  validationMessages.name,
  limits.nameMaxLength,
  tooLongMessage('Name', limits.nameMaxLength),
);

/** `POST /auth/organizations`: the creator becomes its owner. */
export const createOrganizationSchema = z.object({ name: organizationName });

const role = z.enum(organizationRoles, { error: organizationMessages.role });

/** `POST /auth/organizations/{id}/members`: invites a user, by username, with the role offered. */
export const addMemberSchema = z.object({
  username: requiredText(
    validationMessages.username,
    limits.nameMaxLength,
    validationMessages.username,
  ),
  role: role.default('developer'),
});

/** `PUT /auth/organizations/{id}/members/{userId}`: a new role (owner grants owner; transfer = grant, then step down). */
export const memberRoleSchema = z.object({ role });

export const organizationMemberSchema = z.object({
  user_uuid: z.string(),
  username: z.string(),
  role: z.enum(organizationRoles),
});

export type OrganizationMember = z.infer<typeof organizationMemberSchema>;

/** An organisation as its members see it: their own role and who else belongs. */
export const organizationSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  role: z.enum(organizationRoles),
  members: z.array(organizationMemberSchema),
  createdAt: z.string(),
});

export type Organization = z.infer<typeof organizationSchema>;

/** `GET /auth/organizations`: the caller's organisations, oldest first. */
export const organizationListSchema = z.array(organizationSchema);

/** `organization_uuid` on a create: the organisation that will own the new app or smart cluster. */
export const owningOrganizationField = z.uuid({ error: organizationMessages.notMember }).optional();
