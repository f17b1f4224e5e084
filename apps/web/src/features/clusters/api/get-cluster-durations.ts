import {
  clusterDurationsSchema,
  type ClusterDurations,
} from '@meridian/domain/clusters/cluster-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { spokenRange } from '../work-duration';

/** GET /cluster/durations: how long creating and updating take on this Meridian's clock. */
export function getClusterDurations(signal?: AbortSignal): Promise<ClusterDurations> {
  return apiClient.get(`${apiPaths.cluster}/durations`, { signal, schema: clusterDurationsSchema });
}

export function clusterDurationsQueryOptions() {
  return queryOptions({
    queryKey: ['cluster-durations'] as const,
    queryFn: ({ signal }) => getClusterDurations(signal),
    // The server's clock does not change while it runs.
    staleTime: Infinity,
  });
}

/** '20 minutes to an hour' for `work` on this Meridian; undefined until the server said. */
export function useWorkDuration(work: keyof ClusterDurations | null): string | undefined {
  const durations = useQuery({ ...clusterDurationsQueryOptions(), enabled: work !== null });
  return work && durations.data ? spokenRange(durations.data[work]) : undefined;
}
