import { smartClusterSchema } from '@meridian/domain/clusters/cluster-api';
import type {
  SmartCluster,
  SmartClusterUpdateInput,
} from '@meridian/domain/clusters/smart-cluster';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { clustersQueryKey } from '../../../shared/api/clusters-list';
import { smartClustersQueryKey } from '../../../shared/api/smart-clusters-list';

/** PUT /cluster/clusters/{id}: name, plus budget and latency (automatic) or datacenters (manual). */
export function updateSmartCluster(
  uuid: string,
  body: SmartClusterUpdateInput,
): Promise<SmartCluster> {
  return apiClient.put(
    `${apiPaths.cluster}/clusters/${encodeURIComponent(uuid)}`,
    { ...body, isAppCreate: false },
    { schema: smartClusterSchema },
  );
}

/** Spec "States and transitions": after an update the smart cluster shows as updating, then the lists are reloaded. */
export function useUpdateSmartCluster() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, body }: { uuid: string; body: SmartClusterUpdateInput }) =>
      updateSmartCluster(uuid, body),
    onSuccess: (_data, { uuid, body }) => {
      queryClient.setQueryData<SmartCluster[]>(smartClustersQueryKey, (list) =>
        list?.map((item) =>
          item.uuid === uuid
            ? { ...item, ...body, status: 'updating', updatedAt: new Date().toISOString() }
            : item,
        ),
      );
      void queryClient.invalidateQueries({ queryKey: smartClustersQueryKey });
      void queryClient.invalidateQueries({ queryKey: clustersQueryKey });
    },
  });
}
