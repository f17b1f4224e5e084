import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { OrganizationRole } from '@meridian/domain/auth/organization';
import type { Database } from '../../../platform/db/database';
import { organizationMembers, organizations } from '../../../platform/db/schema/accounts';
import { users } from '../../../platform/db/schema/accounts';

/**
 * The organisation and its account (docs/organizations.md): one id for both, so what the
 * organisation owns carries it in `user_id` like anyone's. The account never signs in.
 */
export async function insertOrganization(tx: Database, name: string, ownerId: string) {
  const id = randomUUID();
  // The username only has to be unique; it is never shown nor used to sign in.
  await tx.insert(users).values({
    id,
    username: `organization:${id}`,
    email: '',
    passwordHash: '!',
    kind: 'organization',
  });
  const [organization] = await tx.insert(organizations).values({ id, name }).returning();
  await tx
    .insert(organizationMembers)
    .values({ organizationId: id, userId: ownerId, role: 'owner' });
  return organization!;
}

/** Deletes the organisation with its account (and, by cascade, its memberships and invitations). */
export async function deleteOrganizationAccount(tx: Database, organizationId: string) {
  await tx.delete(users).where(and(eq(users.id, organizationId), eq(users.kind, 'organization')));
}

/** The organisations `userId` belongs to, with their role in each. */
export function membershipsOf(db: Database, userId: string) {
  return db
    .select({
      id: organizations.id,
      name: organizations.name,
      createdAt: organizations.createdAt,
      role: organizationMembers.role,
    })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(eq(organizationMembers.userId, userId))
    .orderBy(asc(organizations.createdAt));
}

/** The user's membership of one organisation: its name and their role, if they belong. */
export async function membershipOf(db: Database, userId: string, organizationId: string) {
  const [found] = await db
    .select({ name: organizations.name, role: organizationMembers.role })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(
      and(
        eq(organizationMembers.userId, userId),
        eq(organizationMembers.organizationId, organizationId),
      ),
    )
    .limit(1);
  return found;
}

/** The user ids of an organisation's members. */
export async function memberIdsOf(db: Database, organizationId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: organizationMembers.userId })
    .from(organizationMembers)
    .where(eq(organizationMembers.organizationId, organizationId));
  return rows.map((row) => row.userId);
}

/** The members of these organisations, with their usernames. */
export function membersOf(db: Database, organizationIds: string[]) {
  if (organizationIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      organizationId: organizationMembers.organizationId,
      userId: organizationMembers.userId,
      username: users.username,
      role: organizationMembers.role,
    })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(inArray(organizationMembers.organizationId, organizationIds))
    .orderBy(asc(organizationMembers.createdAt));
}

/** Adds a member; false when they already were one. */
export async function insertMember(
  db: Database,
  organizationId: string,
  userId: string,
  role: OrganizationRole,
): Promise<boolean> {
  const added = await db
    .insert(organizationMembers)
    .values({ organizationId, userId, role })
    .onConflictDoNothing()
    .returning({ userId: organizationMembers.userId });
  return added.length > 0;
}

const memberIs = (organizationId: string, userId: string) =>
  and(
    eq(organizationMembers.organizationId, organizationId),
    eq(organizationMembers.userId, userId),
  );

export async function deleteMember(tx: Database, organizationId: string, userId: string) {
  const removed = await tx
    .delete(organizationMembers)
    .where(memberIs(organizationId, userId))
    .returning({ role: organizationMembers.role });
  return removed[0];
}

/** Sets a member's role; the role they had before, or undefined when they are no member. */
export async function updateMemberRole(
  tx: Database,
  organizationId: string,
  userId: string,
  role: OrganizationRole,
): Promise<OrganizationRole | undefined> {
  const [before] = await tx
    .select({ role: organizationMembers.role })
    .from(organizationMembers)
    .where(memberIs(organizationId, userId));
  if (!before) return undefined;
  await tx.update(organizationMembers).set({ role }).where(memberIs(organizationId, userId));
  return before.role;
}

export async function ownerCount(tx: Database, organizationId: string): Promise<number> {
  const [row] = await tx
    .select({ owners: count() })
    .from(organizationMembers)
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        eq(organizationMembers.role, 'owner'),
      ),
    );
  return row?.owners ?? 0;
}

/** Holds the organisation's row until the transaction ends: membership changes go one at a time. */
export async function lockOrganization(tx: Database, organizationId: string): Promise<boolean> {
  const locked = await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
  return locked.length > 0;
}
