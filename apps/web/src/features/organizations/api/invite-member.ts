import { invitationSentSchema, type InvitationSent } from '@meridian/domain/auth/invitation';
import type { OrganizationRole } from '@meridian/domain/auth/organization';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';

export interface InviteMemberInput {
  organizationUuid: string;
  username: string;
  role: OrganizationRole;
}

/**
 * POST /auth/organizations/{uuid}/members: sends an invitation. The answer is the same whether
 * or not the username exists, so nothing in the list changes until the invitee accepts.
 */
export function inviteMember({
  organizationUuid,
  username,
  role,
}: InviteMemberInput): Promise<InvitationSent> {
  return apiClient.post(
    `${apiPaths.auth}/organizations/${encodeURIComponent(organizationUuid)}/members`,
    { username: username.trim(), role },
    { schema: invitationSentSchema },
  );
}

export function useInviteMember() {
  return useMutation({ mutationFn: inviteMember });
}
