import type { SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';

/**
 * The same key and shape as the Smart clusters page's list, so the picker shares that cache and
 * refreshes whenever cluster events or cluster actions invalidate it.
 */
export const smartClustersQueryKey = ['smart-clusters'] as const;

/** GET /cluster/smart_clusters: the smart clusters an app can be deployed onto. */
export async function getSmartClusters(signal?: AbortSignal): Promise<SmartCluster[]> {
  const data = await apiClient.get<unknown>(`${apiPaths.cluster}/smart_clusters`, { signal });
  return Array.isArray(data) ? (data as SmartCluster[]) : [];
}

export function useSmartClusters() {
  return useQuery(
    queryOptions({
      queryKey: smartClustersQueryKey,
      queryFn: ({ signal }) => getSmartClusters(signal),
    }),
  );
}
