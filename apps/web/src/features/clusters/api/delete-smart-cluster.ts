import { smartClusterSchema } from '@meridian/domain/clusters/cluster-api';
import type { SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { clustersQueryKey } from '../../../shared/api/clusters-list';
import { smartClustersQueryKey } from '../../../shared/api/smart-clusters-list';

/** DELETE /cluster/clusters/{id}, or /cluster/clusters/shared/{id} for a shared smart cluster. */
export function deleteSmartCluster(
  cluster: Pick<SmartCluster, 'uuid' | 'default_shared_for_org_uuid'>,
): Promise<SmartCluster> {
  const id = encodeURIComponent(cluster.uuid);
  const path = cluster.default_shared_for_org_uuid
    ? `${apiPaths.cluster}/clusters/shared/${id}`
    : `${apiPaths.cluster}/clusters/${id}`;
  return apiClient.delete(path, undefined, { schema: smartClusterSchema });
}

export function useDeleteSmartCluster() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSmartCluster,
    onSuccess: (_data, cluster) => {
      queryClient.setQueryData<SmartCluster[]>(smartClustersQueryKey, (list) =>
        list?.map((item) => (item.uuid === cluster.uuid ? { ...item, status: 'deleting' } : item)),
      );
      void queryClient.invalidateQueries({ queryKey: smartClustersQueryKey });
      void queryClient.invalidateQueries({ queryKey: clustersQueryKey });
    },
  });
}
