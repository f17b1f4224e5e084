import {
  invitationLimits,
  invitationMessages,
  type Invitation,
  type InvitationSent,
} from '@meridian/domain/auth/invitation';
import {
  organizationMessages,
  type Organization,
  type OrganizationRole,
} from '@meridian/domain/auth/organization';
import { invitationEventType } from '@meridian/domain/events/event-catalogue';
import { ForbiddenError, NotFoundError, RateLimitedError } from '../../../platform/http/errors';
import { consumePoints, limitKey } from '../../../platform/rate-limiter';
import { recordEvent } from '../event/event.service';
import {
  deleteLapsedInvitations,
  findInvitation,
  isMember,
  openInvitationsOf,
  takeInvitation,
  upsertInvitation,
} from './invitation.queries';
import { insertMember, lockOrganization } from './organization.queries';
import { organizationOf, requireRole } from './organization.service';
import { findUserByUsername } from '../auth/auth.queries';
import type { AccountContext } from '../account-context';

const expiryMs = invitationLimits.expiryDays * 24 * 3_600_000;
// Matches no user: an unknown name goes through the same reads as a known one.
const nobody = '00000000-0000-0000-0000-000000000000';

/**
 * An admin invites a username. The answer is the same whether the name is unknown, a member
 * already, invited already or newly invited, so it tells nobody who has an account; every
 * request counts against the inviter's hourly limit, so names cannot be probed in bulk.
 */
export async function inviteMember(
  context: Pick<AccountContext, 'db' | 'now' | 'invitationLimiter'>,
  inviterId: string,
  organizationId: string,
  { username, role }: { username: string; role: OrganizationRole },
): Promise<InvitationSent> {
  const { db, now } = context;
  const organization = await requireRole(context, inviterId, organizationId, 'admin');
  if (role === 'owner' && organization.role !== 'owner') {
    throw new ForbiddenError(organizationMessages.ownerOnly);
  }
  const { decision } = await consumePoints(context.invitationLimiter, limitKey(inviterId));
  if (!decision.allowed) {
    const seconds = Math.ceil(decision.retryAfterMs / 1000);
    throw new RateLimitedError(seconds, invitationMessages.tooMany(seconds));
  }
  const invitee = await findUserByUsername(db, username);
  await db.transaction(async (tx) => {
    const at = now();
    if (!(await lockOrganization(tx, organizationId))) return;
    await deleteLapsedInvitations(tx, at);
    const inviteeId = invitee?.id ?? nobody;
    const member = await isMember(tx, organizationId, inviteeId);
    const pending = await findInvitation(tx, organizationId, inviteeId);
    if (!invitee || member) return;
    const expiresAt = new Date(at.getTime() + expiryMs);
    await upsertInvitation(tx, { organizationId, inviteeId, inviterId, role, expiresAt });
    // Asking again renews the invitation without telling the invitee twice.
    if (pending) return;
    const inviter = organization.members.find((entry) => entry.user_uuid === inviterId);
    await recordEvent(tx, {
      userId: invitee.id,
      type: invitationEventType,
      payload: {
        organization_uuid: organizationId,
        organization_name: organization.name,
        invited_by: inviter?.username ?? '',
      },
    });
  });
  return { message: invitationMessages.sent };
}

/** The user's invitations still open, oldest first. */
export async function listInvitations(
  { db, now }: Pick<AccountContext, 'db' | 'now'>,
  userId: string,
): Promise<Invitation[]> {
  const rows = await openInvitationsOf(db, userId, now());
  return rows.map((row) => ({
    uuid: row.id,
    organization_uuid: row.organizationId,
    organization_name: row.organizationName,
    role: row.role,
    invited_by: row.invitedBy,
  }));
}

/** The invitee joins with the role offered; another user's invitation, or a lapsed one, is 404. */
export async function acceptInvitation(
  context: Pick<AccountContext, 'db' | 'now'>,
  userId: string,
  invitationId: string,
): Promise<Organization> {
  const organizationId = await context.db.transaction(async (tx) => {
    const taken = await takeInvitation(tx, {
      id: invitationId,
      inviteeId: userId,
      now: context.now(),
      openOnly: true,
    });
    if (!taken) throw new NotFoundError(invitationMessages.notFound);
    // Already a member some other way: their role stays.
    await insertMember(tx, taken.organizationId, userId, taken.role);
    return taken.organizationId;
  });
  return organizationOf(context, userId, organizationId);
}

/** The invitee says no: the invitation is gone, nobody else is told. */
export async function declineInvitation(
  { db, now }: Pick<AccountContext, 'db' | 'now'>,
  userId: string,
  invitationId: string,
): Promise<void> {
  const taken = await takeInvitation(db, {
    id: invitationId,
    inviteeId: userId,
    now: now(),
    openOnly: false,
  });
  if (!taken) throw new NotFoundError(invitationMessages.notFound);
}
