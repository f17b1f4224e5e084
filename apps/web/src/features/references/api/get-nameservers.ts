import { nameserversSchema } from '@meridian/domain/domains/domain-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';

/** Under ['domains'], like the domains feature's entry, but its own: features share no code. */
export const referenceNameserversQueryKey = ['domains', 'references', 'nameservers'] as const;

/** GET /domain/nameservers: the two fixed name servers a registrar must point at. */
export async function getReferenceNameservers(signal?: AbortSignal): Promise<string[]> {
  const { nameservers } = await apiClient.get(`${apiPaths.domain}/nameservers`, {
    signal,
    schema: nameserversSchema,
  });
  return nameservers;
}

export function useReferenceNameservers() {
  return useQuery(
    queryOptions({
      queryKey: referenceNameserversQueryKey,
      queryFn: ({ signal }) => getReferenceNameservers(signal),
      staleTime: Infinity,
    }),
  );
}
