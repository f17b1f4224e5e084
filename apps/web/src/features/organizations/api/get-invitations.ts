import { invitationListSchema, type Invitation } from '@meridian/domain/auth/invitation';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { organizationsKey } from '../../../shared/api/organizations-list';

export const invitationListKey = [...organizationsKey, 'invitations'] as const;

/** GET /auth/invitations: the invitations the user has not answered yet. */
export function getInvitations(signal?: AbortSignal): Promise<Invitation[]> {
  return apiClient.get(`${apiPaths.auth}/invitations`, { signal, schema: invitationListSchema });
}

export function useInvitations() {
  return useQuery(
    queryOptions({
      queryKey: invitationListKey,
      queryFn: ({ signal }) => getInvitations(signal),
    }),
  );
}
