import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';

/** Status stays a plain string: other services send it in any case (see parseStatus). */
export interface RolloutSmartCluster {
  uuid: string;
  name: string;
  status: string;
}

/** Under ['smart-clusters'] so cluster changes refresh it, without sharing the clusters feature's entry. */
export const rolloutSmartClustersQueryKey = ['smart-clusters', 'references', 'rollout'] as const;

function isRolloutSmartCluster(value: unknown): value is RolloutSmartCluster {
  if (typeof value !== 'object' || value === null) return false;
  const cluster = value as Record<string, unknown>;
  return typeof cluster.uuid === 'string' && typeof cluster.name === 'string';
}

/** GET /cluster/smart_clusters: the user's smart clusters. */
export async function getRolloutSmartClusters(
  signal?: AbortSignal,
): Promise<RolloutSmartCluster[]> {
  const data = await apiClient.get<unknown>(`${apiPaths.cluster}/smart_clusters`, { signal });
  return Array.isArray(data)
    ? data
        .filter(isRolloutSmartCluster)
        .map(({ uuid, name, status }) => ({ uuid, name, status: String(status ?? '') }))
    : [];
}

export function useRolloutSmartClusters() {
  return useQuery(
    queryOptions({
      queryKey: rolloutSmartClustersQueryKey,
      queryFn: ({ signal }) => getRolloutSmartClusters(signal),
    }),
  );
}
