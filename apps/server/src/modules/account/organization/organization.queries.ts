import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { OrganizationRole } from '@meridian/domain/auth/organization';
import type { Database } from '../../../platform/db/database';
import { organizationMembers, organizations } from '../../../platform/db/schema/accounts';
import { users } from '../../../platform/db/schema/accounts';

export async function insertOrganization(tx: Database, name: string, adminId: string) {
  const [organization] = await tx.insert(organizations).values({ name }).returning();
  await tx
    .insert(organizationMembers)
    .values({ organizationId: organization!.id, userId: adminId, role: 'admin' });
  return organization!;
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

export async function deleteMember(tx: Database, organizationId: string, userId: string) {
  const removed = await tx
    .delete(organizationMembers)
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        eq(organizationMembers.userId, userId),
      ),
    )
    .returning({ role: organizationMembers.role });
  return removed[0];
}

export async function adminCount(tx: Database, organizationId: string): Promise<number> {
  const [row] = await tx
    .select({ admins: count() })
    .from(organizationMembers)
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        eq(organizationMembers.role, 'admin'),
      ),
    );
  return row?.admins ?? 0;
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
