import type { SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';
import { apiPaths } from './api-paths';

export const smartClustersQueryKey = ['smart-clusters'] as const;

/** GET /cluster/smart_clusters: the user's smart clusters. */
export async function getSmartClusters(signal?: AbortSignal): Promise<SmartCluster[]> {
  const data = await apiClient.get<unknown>(`${apiPaths.cluster}/smart_clusters`, { signal });
  return Array.isArray(data) ? (data as SmartCluster[]) : [];
}

export function smartClustersQueryOptions() {
  return queryOptions({
    queryKey: smartClustersQueryKey,
    queryFn: ({ signal }) => getSmartClusters(signal),
  });
}

export function useSmartClusters() {
  return useQuery(smartClustersQueryOptions());
}
