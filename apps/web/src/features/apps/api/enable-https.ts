import { deploymentSchema, type Deployment } from '@meridian/domain/apps/app-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { appsQueryKey, updateCachedApps } from '../../../shared/api/apps-list';

/** POST /certificate/deployments/{deploymentId}: a certificate for the deployment's domain names. */
export function enableHttps(deploymentId: string): Promise<Deployment> {
  return apiClient.post(
    `${apiPaths.certificate}/deployments/${encodeURIComponent(deploymentId)}`,
    undefined,
    { schema: deploymentSchema },
  );
}

export function useEnableHttps() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableHttps,
    onSuccess: (answer, deploymentId) => {
      if (answer.certificate_uuid) {
        updateCachedApps(queryClient, (app) => ({
          ...app,
          deployments: app.deployments.map((deployment) =>
            deployment.uuid === deploymentId
              ? { ...deployment, certificate_uuid: answer.certificate_uuid }
              : deployment,
          ),
        }));
      }
      void queryClient.invalidateQueries({ queryKey: appsQueryKey });
    },
  });
}
