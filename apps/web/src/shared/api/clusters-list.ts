import type { Cluster } from '@meridian/domain/clusters/smart-cluster';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';
import { apiPaths } from './api-paths';

export const clustersQueryKey = ['clusters'] as const;

/** GET /cluster/clusters: the member clusters; smart_cluster_uuid links them to their smart cluster. */
export async function getClusters(signal?: AbortSignal): Promise<Cluster[]> {
  const data = await apiClient.get<unknown>(`${apiPaths.cluster}/clusters`, { signal });
  return Array.isArray(data) ? (data as Cluster[]) : [];
}

export function clustersQueryOptions() {
  return queryOptions({
    queryKey: clustersQueryKey,
    queryFn: ({ signal }) => getClusters(signal),
  });
}

export function useClusters() {
  return useQuery(clustersQueryOptions());
}
