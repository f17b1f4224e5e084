import { smartClusterSchema } from '@meridian/domain/clusters/cluster-api';
import type { SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from './api-client';
import { apiPaths } from './api-paths';

export const smartClustersQueryKey = ['smart-clusters'] as const;

/** GET /cluster/smart_clusters: the user's smart clusters. */
export function getSmartClusters(signal?: AbortSignal): Promise<SmartCluster[]> {
  return apiClient.get(`${apiPaths.cluster}/smart_clusters`, {
    signal,
    schema: z.array(smartClusterSchema),
  });
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
