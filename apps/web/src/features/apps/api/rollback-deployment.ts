import { rolloutSchema, type Rollout } from '@meridian/domain/apps/rollout';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { appsQueryKey } from '../../../shared/api/apps-list';

/**
 * POST /meridian/v1/kube/apps/deployment/{deploymentId}/rollback: deploys an earlier version of
 * the app onto that deployment's smart cluster, one location at a time.
 */
export function rollbackDeployment(
  deploymentId: string,
  versionId: string,
  bakeSeconds?: number,
): Promise<Rollout> {
  return apiClient.post(
    `${apiPaths.kube}/apps/deployment/${encodeURIComponent(deploymentId)}/rollback`,
    // Without a bake time the server's default (60 s per location) applies.
    bakeSeconds === undefined
      ? { version_uuid: versionId }
      : { version_uuid: versionId, bake_seconds: bakeSeconds },
    { schema: rolloutSchema },
  );
}

export function useRollbackDeployment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      deploymentId,
      versionId,
      bakeSeconds,
    }: {
      deploymentId: string;
      versionId: string;
      bakeSeconds?: number;
    }) => rollbackDeployment(deploymentId, versionId, bakeSeconds),
    // The app's deployments, history and rollouts (appRolloutsQueryKey) all live under ['apps'].
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appsQueryKey }),
  });
}
