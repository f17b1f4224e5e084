import {
  smartClusterInFullSchema,
  type SmartClusterInFull,
} from '@meridian/domain/clusters/cluster-api';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { clustersQueryKey } from '../../../shared/api/clusters-list';

/** Under ['clusters']: every cluster and smart-cluster event refreshes it, as it does the lists. */
export const smartClusterInFullQueryKey = (uuid: string) =>
  [...clustersQueryKey, 'in-full', uuid] as const;

/** GET /cluster/clusters/{id}: one smart cluster with its member clusters. */
export function getSmartClusterInFull(
  uuid: string,
  signal?: AbortSignal,
): Promise<SmartClusterInFull> {
  return apiClient.get(`${apiPaths.cluster}/clusters/${encodeURIComponent(uuid)}`, {
    signal,
    schema: smartClusterInFullSchema,
  });
}

/**
 * A smart cluster in full, with its member clusters, for a drawer: read only while some drawer
 * names one, without the user's whole lists (the page itself reads pages of cards).
 */
export function useSmartClusterInFull(uuid: string | null) {
  const query = useQuery({
    queryKey: smartClusterInFullQueryKey(uuid ?? ''),
    queryFn: ({ signal }) => getSmartClusterInFull(uuid!, signal),
    enabled: uuid !== null,
  });
  const inFull = uuid !== null ? query.data : undefined;
  return { smartCluster: inFull?.smart_cluster ?? null, members: inFull?.clusters ?? [] };
}
