import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';

/** Under ['domains'], like the domains feature's entry, but its own: features share no code. */
export const referenceNameserversQueryKey = ['domains', 'references', 'nameservers'] as const;

/** GET /domain/nameservers: the two fixed name servers a registrar must point at. */
export async function getReferenceNameservers(signal?: AbortSignal): Promise<string[]> {
  const data = await apiClient.get<{ nameservers?: unknown } | undefined>(
    `${apiPaths.domain}/nameservers`,
    { signal },
  );
  return Array.isArray(data?.nameservers)
    ? data.nameservers.filter((name): name is string => typeof name === 'string')
    : [];
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
