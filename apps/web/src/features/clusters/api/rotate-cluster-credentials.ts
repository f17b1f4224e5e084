import { credentialsChangedSchema } from '@meridian/domain/clusters/cluster-credentials';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';

/** POST /cluster/clusters/{id}/credentials: the kubeconfigs downloaded before stop working. */
export function rotateClusterCredentials(smartClusterUuid: string): Promise<undefined> {
  return apiClient.post(
    `${apiPaths.cluster}/clusters/${encodeURIComponent(smartClusterUuid)}/credentials`,
    undefined,
    { schema: credentialsChangedSchema },
  );
}

export function useRotateClusterCredentials() {
  return useMutation({ mutationFn: rotateClusterCredentials });
}
