import type { Datacenter } from '@meridian/domain/clusters/datacenter';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';

export const datacentersQueryKey = ['datacenters'] as const;

/** GET /cluster/datacenters: every location a cluster can run in, plus the external entry. */
export async function getDatacenters(signal?: AbortSignal): Promise<Datacenter[]> {
  const data = await apiClient.get<unknown>(`${apiPaths.cluster}/datacenters`, { signal });
  return Array.isArray(data) ? (data as Datacenter[]) : [];
}

export function datacentersQueryOptions() {
  return queryOptions({
    queryKey: datacentersQueryKey,
    queryFn: ({ signal }) => getDatacenters(signal),
    staleTime: 5 * 60_000,
  });
}

export function useDatacenters() {
  return useQuery(datacentersQueryOptions());
}
