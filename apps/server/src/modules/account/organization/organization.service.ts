import { organizationMessages, type Organization } from '@meridian/domain/auth/organization';
import type { Database } from '../../../platform/db/database';
import { ConflictError, ForbiddenError, NotFoundError } from '../../../platform/http/errors';
import {
  adminCount,
  deleteMember,
  insertOrganization,
  lockOrganization,
  membersOf,
  membershipsOf,
} from './organization.queries';

/** The caller's organisations, each with their role and every member. */
export async function listOrganizations(db: Database, userId: string): Promise<Organization[]> {
  const memberships = await membershipsOf(db, userId);
  const members = await membersOf(
    db,
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
  db: Database,
  userId: string,
  name: string,
): Promise<Organization> {
  const created = await db.transaction((tx) => insertOrganization(tx, name, userId));
  return organizationOf(db, userId, created.id);
}

/** An admin removes a member, or a member leaves; the last admin cannot go. */
export async function removeMember(
  db: Database,
  callerId: string,
  organizationId: string,
  userId: string,
): Promise<void> {
  if (userId !== callerId) await requireAdmin(db, callerId, organizationId);
  else await organizationOf(db, callerId, organizationId);
  await db.transaction(async (tx) => {
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
  db: Database,
  userId: string,
  organizationId: string,
): Promise<Organization> {
  const found = (await listOrganizations(db, userId)).find(
    (organization) => organization.uuid === organizationId,
  );
  if (!found) throw new NotFoundError(organizationMessages.notFound);
  return found;
}

/** The organisation, when the user is one of its admins: 404 to a stranger, 403 to a member. */
export async function requireAdmin(
  db: Database,
  userId: string,
  organizationId: string,
): Promise<Organization> {
  const organization = await organizationOf(db, userId, organizationId);
  if (organization.role !== 'admin') throw new ForbiddenError(organizationMessages.adminOnly);
  return organization;
}
