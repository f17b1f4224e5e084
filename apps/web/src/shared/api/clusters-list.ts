import { clusterSchema } from '@meridian/domain/clusters/cluster-api';
import type { Cluster } from '@meridian/domain/clusters/smart-cluster';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from './api-client';
import { apiPaths } from './api-paths';

export const clustersQueryKey = ['clusters'] as const;

/** GET /cluster/clusters: the member clusters; smart_cluster_uuid links them to their smart cluster. */
export function getClusters(signal?: AbortSignal): Promise<Cluster[]> {
  return apiClient.get(`${apiPaths.cluster}/clusters`, { signal, schema: z.array(clusterSchema) });
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
