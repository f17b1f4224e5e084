import {
  organizationMessages,
  type Organization,
  type OrganizationRole,
} from '@meridian/domain/auth/organization';
import type { Database } from '../../platform/db/database';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ValidationError,
} from '../../platform/http/errors';
import { userByUsername } from '../auth/auth.records';
import {
  adminCount,
  deleteMember,
  insertMember,
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

/** Adds an existing user; only an admin may (a non-member is told it does not exist). */
export async function addMember(
  db: Database,
  callerId: string,
  organizationId: string,
  { username, role }: { username: string; role: OrganizationRole },
): Promise<Organization> {
  await requireAdmin(db, callerId, organizationId);
  const user = await userByUsername(db, username);
  if (!user) throw new ValidationError([organizationMessages.unknownUser]);
  if (!(await insertMember(db, organizationId, user.id, role))) {
    throw new ConflictError(organizationMessages.alreadyMember);
  }
  return organizationOf(db, callerId, organizationId);
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

async function organizationOf(
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

async function requireAdmin(db: Database, userId: string, organizationId: string): Promise<void> {
  const organization = await organizationOf(db, userId, organizationId);
  if (organization.role !== 'admin') throw new ForbiddenError(organizationMessages.adminOnly);
}
