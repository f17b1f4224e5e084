import { smartClusterSchema } from '@meridian/domain/clusters/cluster-api';
import type {
  SmartCluster,
  SmartClusterCreateInput,
} from '@meridian/domain/clusters/smart-cluster';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { clustersQueryKey } from '../../../shared/api/clusters-list';
import { smartClustersQueryKey } from '../../../shared/api/smart-clusters-list';

/** POST /cluster/clusters: manual body, or automatic with latency and budget. */
export function createSmartCluster(body: SmartClusterCreateInput): Promise<SmartCluster> {
  return apiClient.post(`${apiPaths.cluster}/clusters`, body, { schema: smartClusterSchema });
}

/** POST /cluster/clusters/external: multipart name + kubeConfig file. */
export function createExternalCluster(name: string, kubeConfig: File): Promise<SmartCluster> {
  const form = new FormData();
  form.append('name', name.trim());
  form.append('kubeConfig', kubeConfig, kubeConfig.name);
  return apiClient.post(`${apiPaths.cluster}/clusters/external`, form, {
    schema: smartClusterSchema,
  });
}

export type CreateClusterRequest =
  | { kind: 'managed'; body: SmartClusterCreateInput }
  | { kind: 'external'; name: string; kubeConfig: File };

/** Spec "States and transitions": a new cluster is added locally as creating, then the lists are reloaded. */
export function useCreateSmartCluster() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateClusterRequest) =>
      request.kind === 'external'
        ? createExternalCluster(request.name, request.kubeConfig)
        : createSmartCluster(request.body),
    onSuccess: (created) => {
      queryClient.setQueryData<SmartCluster[]>(smartClustersQueryKey, (list = []) => [
        ...list.filter((item) => item.uuid !== created.uuid),
        {
          ...created,
          monitoring_default_password: undefined,
          status: created.mode === 'MANUAL' ? 'creating' : created.status,
        },
      ]);
      void queryClient.invalidateQueries({ queryKey: smartClustersQueryKey });
      void queryClient.invalidateQueries({ queryKey: clustersQueryKey });
    },
  });
}
