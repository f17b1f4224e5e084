import { nameserversSchema } from '@meridian/domain/domains/domain-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';

export const nameserversQueryKey = ['domains', 'nameservers'] as const;

/** GET /domain/nameservers: the two fixed name servers a registrar must point at. */
export async function getNameservers(signal?: AbortSignal): Promise<string[]> {
  const { nameservers } = await apiClient.get(`${apiPaths.domain}/nameservers`, {
    signal,
    schema: nameserversSchema,
  });
  return nameservers;
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
