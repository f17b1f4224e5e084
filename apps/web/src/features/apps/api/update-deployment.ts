import {
  deploymentSchema,
  type Deployment,
  type DeploymentUpdate,
} from '@meridian/domain/apps/app-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { appsQueryKey, updateCachedApps } from '../../../shared/api/apps-list';

/** PUT /meridian/v1/kube/apps/deployment/{deploymentId}: another image and/or replica count. */
export function updateDeployment(
  deploymentId: string,
  body: DeploymentUpdate,
): Promise<Deployment> {
  return apiClient.put(
    `${apiPaths.kube}/apps/deployment/${encodeURIComponent(deploymentId)}`,
    body,
    { schema: deploymentSchema },
  );
}

export function useUpdateDeployment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ deploymentId, body }: { deploymentId: string; body: DeploymentUpdate }) =>
      updateDeployment(deploymentId, body),
    onSuccess: (_data, { deploymentId }) => {
      // The rollout takes a while; show it in progress until the live event refetches the list.
      updateCachedApps(queryClient, (app) => ({
        ...app,
        deployments: app.deployments.map((deployment) =>
          deployment.uuid === deploymentId ? { ...deployment, status: 'updating' } : deployment,
        ),
      }));
      void queryClient.invalidateQueries({ queryKey: appsQueryKey });
    },
  });
}
