import {
  versionDeploymentResultSchema,
  type VersionDeploymentRequest,
  type VersionDeploymentResult,
} from '@meridian/domain/apps/rollout';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { appsQueryKey } from '../../../shared/api/apps-list';

/**
 * POST /cluster/clusters/versions: deploys a version onto smart clusters (spec "The calls it
 * makes"). Where the app runs another version the answer is the rollout that replaces it.
 */
export function deployVersion(body: VersionDeploymentRequest): Promise<VersionDeploymentResult> {
  return apiClient.post(`${apiPaths.cluster}/clusters/versions`, body, {
    schema: versionDeploymentResultSchema,
  });
}

export function useDeployVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deployVersion,
    // The app's deployments and its rollouts (appRolloutsQueryKey) live under ['apps'].
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appsQueryKey }),
  });
}
