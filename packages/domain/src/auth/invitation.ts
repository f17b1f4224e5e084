import { z } from 'zod';
import { organizationRoles } from './organization';

/**
 * Membership is by invitation: an admin invites a username, the invitee accepts or declines.
 * The answer to an invitation is the same whether or not the username exists, so it tells
 * nobody who has an account.
 */
export const invitationLimits = {
  /** Invitations one user may send per hour, across all their organisations. */
  perInviterPerHour: 20,
  /** An invitation not answered within this many days lapses. */
  expiryDays: 7,
} as const;

export const invitationMessages = {
  sent:
    'Invitation sent. If this username belongs to someone who is not a member yet, they can ' +
    `accept or decline it on their Organisations page within ${invitationLimits.expiryDays} days.`,
  notFound: 'Invitation not found',
  tooMany: (retryAfterSeconds: number) =>
    `You have sent ${invitationLimits.perInviterPerHour} invitations in the last hour, the most ` +
    `allowed. Try again in ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} min.`,
} as const;

/** `POST /auth/organizations/{id}/members` (202): the same body for every username. */
export const invitationSentSchema = z.object({ message: z.string() });

export type InvitationSent = z.infer<typeof invitationSentSchema>;

/** A pending invitation as its invitee sees it in `GET /auth/invitations`. */
export const invitationSchema = z.object({
  uuid: z.string(),
  organization_uuid: z.string(),
  organization_name: z.string(),
  role: z.enum(organizationRoles),
  /** The inviter's username. */
  invited_by: z.string(),
});

export type Invitation = z.infer<typeof invitationSchema>;

/** `GET /auth/invitations`: the caller's open invitations, oldest first. */
export const invitationListSchema = z.array(invitationSchema);
