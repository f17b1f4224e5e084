import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';

export const nameserversQueryKey = ['domains', 'nameservers'] as const;

/** GET /domain/nameservers: the two fixed name servers a registrar must point at. */
export async function getNameservers(signal?: AbortSignal): Promise<string[]> {
  const data = await apiClient.get<{ nameservers?: unknown } | undefined>(
    `${apiPaths.domain}/nameservers`,
    { signal },
  );
  return Array.isArray(data?.nameservers)
    ? data.nameservers.filter((name): name is string => typeof name === 'string')
    : [];
}

export function useNameservers() {
  return useQuery(
    queryOptions({
      queryKey: nameserversQueryKey,
      queryFn: ({ signal }) => getNameservers(signal),
      staleTime: Infinity,
    }),
  );
}
