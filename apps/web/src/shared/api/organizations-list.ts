import { organizationListSchema, type Organization } from '@meridian/domain/auth/organization';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';
import { apiPaths } from './api-paths';

/**
 * Every organisation query sits under this key: a live invitation event refreshes them all, and
 * switching the acting organisation keeps them (they are the user's, not the account's).
 */
export const organizationsKey = ['organizations'] as const;

export const organizationListKey = [...organizationsKey, 'list'] as const;

/** GET /auth/organizations: the user's organisations, their role and every member. */
export function getOrganizations(signal?: AbortSignal): Promise<Organization[]> {
  return apiClient.get(`${apiPaths.auth}/organizations`, {
    signal,
    schema: organizationListSchema,
  });
}

/** The user's organisations: the header's switcher, the roles of the acting one, the page. */
export function useOrganizations() {
  return useQuery(
    queryOptions({
      queryKey: organizationListKey,
      queryFn: ({ signal }) => getOrganizations(signal),
    }),
  );
}
