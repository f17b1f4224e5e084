import { organizationMessages, type Organization } from '@meridian/domain/auth/organization';
import { ConflictError, ForbiddenError, NotFoundError } from '../../../platform/http/errors';
import {
  adminCount,
  deleteMember,
  insertOrganization,
  lockOrganization,
  membersOf,
  membershipsOf,
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

/** An admin removes a member, or a member leaves; the last admin cannot go. */
export async function removeMember(
  context: Pick<AccountContext, 'db'>,
  callerId: string,
  organizationId: string,
  userId: string,
): Promise<void> {
  if (userId !== callerId) await requireAdmin(context, callerId, organizationId);
  else await organizationOf(context, callerId, organizationId);
  await context.db.transaction(async (tx) => {
    if (!(await lockOrganization(tx, organizationId))) {
      throw new NotFoundError(organizationMessages.notFound);
    }
    const removed = await deleteMember(tx, organizationId, userId);
    if (!removed) throw new NotFoundError('Member not found');
    if (removed.role === 'admin' && (await adminCount(tx, organizationId)) === 0) {
      throw new ConflictError(organizationMessages.lastAdmin);
    }
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

/** The organisation, when the user is one of its admins: 404 to a stranger, 403 to a member. */
export async function requireAdmin(
  context: Pick<AccountContext, 'db'>,
  userId: string,
  organizationId: string,
): Promise<Organization> {
  const organization = await organizationOf(context, userId, organizationId);
  if (organization.role !== 'admin') throw new ForbiddenError(organizationMessages.adminOnly);
  return organization;
}
