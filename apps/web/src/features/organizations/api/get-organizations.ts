import { organizationListSchema, type Organization } from '@meridian/domain/auth/organization';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { organizationsKey } from './organizations-key';

export const organizationListKey = [...organizationsKey, 'list'] as const;

/** GET /auth/organizations: the user's organisations, their role and every member. */
export function getOrganizations(signal?: AbortSignal): Promise<Organization[]> {
  return apiClient.get(`${apiPaths.auth}/organizations`, {
    signal,
    schema: organizationListSchema,
  });
}

export function useOrganizations() {
  return useQuery(
    queryOptions({
      queryKey: organizationListKey,
      queryFn: ({ signal }) => getOrganizations(signal),
    }),
  );
}
