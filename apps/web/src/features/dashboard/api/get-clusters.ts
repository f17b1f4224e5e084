import type { Cluster, SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';

// The clusters feature's keys and shapes: the counters share its caches and its live refreshes.
export const smartClustersQueryKey = ['smart-clusters'] as const;
export const clustersQueryKey = ['clusters'] as const;

/** GET /cluster/smart_clusters. */
export async function getSmartClusters(signal?: AbortSignal): Promise<SmartCluster[]> {
  const data = await apiClient.get<unknown>(`${apiPaths.cluster}/smart_clusters`, { signal });
  return Array.isArray(data) ? (data as SmartCluster[]) : [];
}

/** GET /cluster/clusters: the member clusters. */
export async function getClusters(signal?: AbortSignal): Promise<Cluster[]> {
  const data = await apiClient.get<unknown>(`${apiPaths.cluster}/clusters`, { signal });
  return Array.isArray(data) ? (data as Cluster[]) : [];
}

export function useSmartClusters() {
  return useQuery(
    queryOptions({
      queryKey: smartClustersQueryKey,
      queryFn: ({ signal }) => getSmartClusters(signal),
    }),
  );
}

export function useClusters() {
  return useQuery(
    queryOptions({ queryKey: clustersQueryKey, queryFn: ({ signal }) => getClusters(signal) }),
  );
}
