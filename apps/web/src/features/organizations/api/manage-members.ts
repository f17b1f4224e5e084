import {
  organizationSchema,
  type Organization,
  type OrganizationRole,
} from '@meridian/domain/auth/organization';
import { statusResultSchema } from '@meridian/domain/operation-result';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { organizationsKey } from '../../../shared/api/organizations-list';

const organizationPath = (uuid: string) =>
  `${apiPaths.auth}/organizations/${encodeURIComponent(uuid)}`;
const memberPath = (organizationUuid: string, userUuid: string) =>
  `${organizationPath(organizationUuid)}/members/${encodeURIComponent(userUuid)}`;

export interface MemberRoleInput {
  organizationUuid: string;
  userUuid: string;
  role: OrganizationRole;
}

/** PUT /auth/organizations/{id}/members/{userId}: answers the organisation as it now is. */
export function setMemberRole({
  organizationUuid,
  userUuid,
  role,
}: MemberRoleInput): Promise<Organization> {
  return apiClient.put(
    memberPath(organizationUuid, userUuid),
    { role },
    { schema: organizationSchema },
  );
}

/**
 * Hands the organisation to another member: they become an owner first, then the caller steps
 * down to admin, so the organisation is never without an owner.
 */
export async function transferOwnership(input: {
  organizationUuid: string;
  fromUserUuid: string;
  toUserUuid: string;
}): Promise<void> {
  const { organizationUuid, fromUserUuid, toUserUuid } = input;
  await setMemberRole({ organizationUuid, userUuid: toUserUuid, role: 'owner' });
  await setMemberRole({ organizationUuid, userUuid: fromUserUuid, role: 'admin' });
}

/** DELETE /auth/organizations/{id}/members/{userId}: removes a member, or leaves when it is the caller. */
export async function removeMember(input: {
  organizationUuid: string;
  userUuid: string;
}): Promise<void> {
  await apiClient.delete(memberPath(input.organizationUuid, input.userUuid), undefined, {
    schema: statusResultSchema,
  });
}

/** DELETE /auth/organizations/{id}: owners only; refused (409) while it still owns something. */
export async function deleteOrganization(uuid: string): Promise<void> {
  await apiClient.delete(organizationPath(uuid), undefined, { schema: statusResultSchema });
}

/** Each change of membership refreshes the user's organisations, whatever its outcome. */
function useMembershipMutation<Input>(mutationFn: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: organizationsKey }),
  });
}

export const useSetMemberRole = () => useMembershipMutation(setMemberRole);
export const useTransferOwnership = () => useMembershipMutation(transferOwnership);
export const useRemoveMember = () => useMembershipMutation(removeMember);
export const useDeleteOrganization = () => useMembershipMutation(deleteOrganization);
