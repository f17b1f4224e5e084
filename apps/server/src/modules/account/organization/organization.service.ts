import {
  organizationMessages,
  roleAllows,
  type Organization,
  type OrganizationRole,
} from '@meridian/domain/auth/organization';
import { ConflictError, ForbiddenError, NotFoundError } from '../../../platform/http/errors';
import {
  deleteMember,
  deleteOrganizationAccount,
  insertOrganization,
  lockOrganization,
  membersOf,
  membershipsOf,
  ownerCount,
  updateMemberRole,
} from './organization.queries';
import type { AccountContext } from '../account-context';

/** The caller's organisations, each with their role and every member. */
export async function listOrganizations(
  context: Pick<AccountContext, 'db'>,
  userId: string,
): Promise<Organization[]> {
  const memberships = await membershipsOf(context.db, userId);
  const members = await membersOf(
    context.db,
    memberships.map((membership) => membership.id),
  );
  return memberships.map((membership) => ({
    uuid: membership.id,
    name: membership.name,
    role: membership.role,
    createdAt: membership.createdAt.toISOString(),
    members: members
      .filter((member) => member.organizationId === membership.id)
      .map((member) => ({
        user_uuid: member.userId,
        username: member.username,
        role: member.role,
      })),
  }));
}

export async function createOrganization(
  context: Pick<AccountContext, 'db'>,
  userId: string,
  name: string,
): Promise<Organization> {
  const created = await context.db.transaction((tx) => insertOrganization(tx, name, userId));
  return organizationOf(context, userId, created.id);
}

/**
 * An admin removes a member, or a member leaves. Only an owner removes an owner; the last owner
 * cannot go. What the member made stays: it belongs to the organisation's account.
 */
export async function removeMember(
  context: Pick<AccountContext, 'db'>,
  callerId: string,
  organizationId: string,
  userId: string,
): Promise<void> {
  const organization =
    userId === callerId
      ? await organizationOf(context, callerId, organizationId)
      : await requireRole(context, callerId, organizationId, 'admin');
  await changeMembers(context, organizationId, async (tx) => {
    const removed = await deleteMember(tx, organizationId, userId);
    if (!removed) throw new NotFoundError('Member not found');
    if (removed.role === 'owner' && userId !== callerId && organization.role !== 'owner') {
      throw new ForbiddenError(organizationMessages.ownerOnly);
    }
  });
}

/**
 * `PUT /auth/organizations/{id}/members/{userId}`: admins set admin, developer or viewer on
 * members who are not owners; owners set any role, owner included (a transfer is granting owner,
 * then stepping down). The last owner cannot be demoted.
 */
export async function changeMemberRole(
  context: Pick<AccountContext, 'db'>,
  callerId: string,
  organizationId: string,
  userId: string,
  role: OrganizationRole,
): Promise<Organization> {
  const organization = await requireRole(context, callerId, organizationId, 'admin');
  await changeMembers(context, organizationId, async (tx) => {
    const before = await updateMemberRole(tx, organizationId, userId, role);
    if (!before) throw new NotFoundError('Member not found');
    if ((before === 'owner' || role === 'owner') && organization.role !== 'owner') {
      throw new ForbiddenError(organizationMessages.ownerOnly);
    }
  });
  return organizationOf(context, callerId, organizationId);
}

/** Runs a membership change with the organisation locked; refuses one that leaves no owner. */
async function changeMembers(
  { db }: Pick<AccountContext, 'db'>,
  organizationId: string,
  change: (tx: AccountContext['db']) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await lockOrganization(tx, organizationId))) {
      throw new NotFoundError(organizationMessages.notFound);
    }
    await change(tx);
    if ((await ownerCount(tx, organizationId)) === 0) {
      throw new ConflictError(organizationMessages.lastOwner);
    }
  });
}

/** An owner deletes the organisation once it owns nothing (its apps, smart clusters, domains). */
export async function deleteOrganization(
  context: Pick<AccountContext, 'db' | 'holdingsOf'>,
  callerId: string,
  organizationId: string,
): Promise<void> {
  await requireRole(context, callerId, organizationId, 'owner');
  const holdings = await context.holdingsOf(organizationId);
  if (holdings.length > 0) {
    throw new ConflictError(
      `The organisation still owns ${holdings.join(', ')}: delete or move them first`,
    );
  }
  await context.db.transaction(async (tx) => {
    if (!(await lockOrganization(tx, organizationId))) {
      throw new NotFoundError(organizationMessages.notFound);
    }
    await deleteOrganizationAccount(tx, organizationId);
  });
}

/** One of the user's organisations, as they see it; 404 when they do not belong to it. */
export async function organizationOf(
  context: Pick<AccountContext, 'db'>,
  userId: string,
  organizationId: string,
): Promise<Organization> {
  const found = (await listOrganizations(context, userId)).find(
    (organization) => organization.uuid === organizationId,
  );
  if (!found) throw new NotFoundError(organizationMessages.notFound);
  return found;
}

/** The organisation, when the user's role there is at least `needed`: 404 to a stranger, 403 below. */
export async function requireRole(
  context: Pick<AccountContext, 'db'>,
  userId: string,
  organizationId: string,
  needed: OrganizationRole,
): Promise<Organization> {
  const organization = await organizationOf(context, userId, organizationId);
  if (!roleAllows(organization.role, needed)) {
    throw new ForbiddenError(
      needed === 'owner' ? organizationMessages.ownerOnly : organizationMessages.adminOnly,
    );
  }
  return organization;
}
