import {
  smartClusterInFullSchema,
  type SmartClusterInFull,
} from '@meridian/domain/clusters/cluster-api';
import { apiClient } from './api-client';
import { apiPaths } from './api-paths';
import { clustersQueryKey } from './clusters-list';

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
