import { removalResultSchema, type RemovalResult } from '@meridian/domain/apps/app-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { appsQueryKey } from '../../../shared/api/apps-list';

/** DELETE /meridian/v1/kube/apps/versions/{versionId}: removes its deployments, then the version. */
export function deleteVersion(versionId: string): Promise<RemovalResult> {
  return apiClient.delete(
    `${apiPaths.kube}/apps/versions/${encodeURIComponent(versionId)}`,
    undefined,
    { schema: removalResultSchema },
  );
}

export function useDeleteVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVersion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appsQueryKey }),
  });
}
