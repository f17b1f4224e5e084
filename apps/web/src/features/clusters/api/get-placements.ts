import {
  placementHistorySchema,
  type PlacementHistory,
} from '@meridian/domain/clusters/placement-decision';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { smartClustersQueryKey } from '../../../shared/api/smart-clusters-list';

/** GET /cluster/clusters/{id}/placements: where Meridian placed it and why, newest first. */
export function getPlacements(uuid: string, signal?: AbortSignal): Promise<PlacementHistory> {
  return apiClient.get(`${apiPaths.cluster}/clusters/${encodeURIComponent(uuid)}/placements`, {
    signal,
    schema: placementHistorySchema,
  });
}

/** Under the smart clusters' key, so the socket's invalidation of them refreshes it too. */
export function usePlacements(uuid: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...smartClustersQueryKey, uuid, 'placements'],
    queryFn: ({ signal }) => getPlacements(uuid!, signal),
    enabled: enabled && Boolean(uuid),
  });
}
