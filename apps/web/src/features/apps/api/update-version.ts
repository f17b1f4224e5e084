import { versionSchema, type Version } from '@meridian/domain/apps/app-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { appsQueryKey, updateCachedApps } from '../../../shared/api/apps-list';

/** PUT /meridian/v1/kube/apps/versions/{versionId}: body {name}. */
export function updateVersion(versionId: string, name: string): Promise<Version> {
  return apiClient.put(
    `${apiPaths.kube}/apps/versions/${encodeURIComponent(versionId)}`,
    { name },
    { schema: versionSchema },
  );
}

export function useUpdateVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ versionId, name }: { versionId: string; name: string }) =>
      updateVersion(versionId, name),
    onSuccess: (_data, { versionId, name }) => {
      // The card shows the new name at once; deployments carry a copy of it too.
      updateCachedApps(queryClient, (app) => ({
        ...app,
        versions: app.versions.map((version) =>
          version.uuid === versionId ? { ...version, name } : version,
        ),
        deployments: app.deployments.map((deployment) =>
          deployment.version_uuid === versionId
            ? { ...deployment, version: { ...deployment.version, name } }
            : deployment,
        ),
      }));
      void queryClient.invalidateQueries({ queryKey: appsQueryKey });
    },
  });
}
