import { domainSchema, type Domain } from '@meridian/domain/domains/domain-api';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from './api-client';
import { apiPaths } from './api-paths';

/** Under ['domains'], so the live domain events that refresh the domains page refresh it too. */
export const allDomainsQueryKey = ['domains', 'all'] as const;

/** GET /domain/name: every domain of the user's, for pickers outside the domains page. */
export function allDomainsQueryOptions() {
  return queryOptions({
    queryKey: allDomainsQueryKey,
    queryFn: ({ signal }): Promise<Domain[]> =>
      apiClient.get(`${apiPaths.domain}/name`, { signal, schema: z.array(domainSchema) }),
  });
}
