import { smartClusterSchema } from '@meridian/domain/clusters/cluster-api';
import type { SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';

/** What the examples need of a smart cluster. */
export type RolloutSmartCluster = Pick<SmartCluster, 'uuid' | 'name' | 'status'>;

/** Under ['smart-clusters'] so cluster changes refresh it, without sharing the clusters feature's entry. */
export const rolloutSmartClustersQueryKey = ['smart-clusters', 'references', 'rollout'] as const;

/** GET /cluster/smart_clusters: the user's smart clusters. */
export async function getRolloutSmartClusters(
  signal?: AbortSignal,
): Promise<RolloutSmartCluster[]> {
  const smartClusters = await apiClient.get(`${apiPaths.cluster}/smart_clusters`, {
    signal,
    schema: z.array(smartClusterSchema),
  });
  return smartClusters.map(({ uuid, name, status }) => ({ uuid, name, status }));
}

export function useRolloutSmartClusters() {
  return useQuery(
    queryOptions({
      queryKey: rolloutSmartClustersQueryKey,
      queryFn: ({ signal }) => getRolloutSmartClusters(signal),
    }),
  );
}
