import { and, asc, eq, gt, lte } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { OrganizationRole } from '@meridian/domain/auth/organization';
import type { Database } from '../../../platform/db/database';
import {
  organizationInvitations,
  organizationMembers,
  organizations,
} from '../../../platform/db/schema/accounts';
import { users } from '../../../platform/db/schema/accounts';

const inviters = alias(users, 'inviters');

/** Removes every invitation that lapsed: nobody can answer it any more. */
export async function deleteLapsedInvitations(tx: Database, now: Date): Promise<void> {
  await tx.delete(organizationInvitations).where(lte(organizationInvitations.expiresAt, now));
}

export async function isMember(
  tx: Database,
  organizationId: string,
  userId: string,
): Promise<boolean> {
  const found = await tx
    .select({ userId: organizationMembers.userId })
    .from(organizationMembers)
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        eq(organizationMembers.userId, userId),
      ),
    );
  return found.length > 0;
}

/** The pending invitation of `inviteeId` to the organisation, if any. */
export async function findInvitation(tx: Database, organizationId: string, inviteeId: string) {
  const [found] = await tx
    .select({ id: organizationInvitations.id })
    .from(organizationInvitations)
    .where(
      and(
        eq(organizationInvitations.organizationId, organizationId),
        eq(organizationInvitations.inviteeId, inviteeId),
      ),
    );
  return found;
}

export interface InvitationWrite {
  organizationId: string;
  inviteeId: string;
  inviterId: string;
  role: OrganizationRole;
  expiresAt: Date;
}

/** Writes the invitation; asking again renews it with the new role, inviter and expiry. */
export async function upsertInvitation(tx: Database, invitation: InvitationWrite): Promise<void> {
  const { role, inviterId, expiresAt } = invitation;
  await tx
    .insert(organizationInvitations)
    .values(invitation)
    .onConflictDoUpdate({
      target: [organizationInvitations.organizationId, organizationInvitations.inviteeId],
      set: { role, inviterId, expiresAt },
    });
}

/** The user's invitations still open at `now`, oldest first, with their organisation and inviter. */
export function openInvitationsOf(db: Database, inviteeId: string, now: Date) {
  return db
    .select({
      id: organizationInvitations.id,
      organizationId: organizations.id,
      organizationName: organizations.name,
      role: organizationInvitations.role,
      invitedBy: inviters.username,
    })
    .from(organizationInvitations)
    .innerJoin(organizations, eq(organizations.id, organizationInvitations.organizationId))
    .innerJoin(inviters, eq(inviters.id, organizationInvitations.inviterId))
    .where(
      and(
        eq(organizationInvitations.inviteeId, inviteeId),
        gt(organizationInvitations.expiresAt, now),
      ),
    )
    .orderBy(asc(organizationInvitations.createdAt));
}

/**
 * Takes the invitee's invitation out, open at `now` or not as `openOnly` says: what it offered,
 * or undefined when it is not theirs or is gone.
 */
export async function takeInvitation(
  tx: Database,
  { id, inviteeId, now, openOnly }: { id: string; inviteeId: string; now: Date; openOnly: boolean },
) {
  const [taken] = await tx
    .delete(organizationInvitations)
    .where(
      and(
        eq(organizationInvitations.id, id),
        eq(organizationInvitations.inviteeId, inviteeId),
        openOnly ? gt(organizationInvitations.expiresAt, now) : undefined,
      ),
    )
    .returning({
      organizationId: organizationInvitations.organizationId,
      role: organizationInvitations.role,
    });
  return taken;
}
