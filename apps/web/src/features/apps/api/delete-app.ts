import { removalResultSchema, type RemovalResult } from '@meridian/domain/apps/app-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { appsQueryKey } from '../../../shared/api/apps-list';

/**
 * DELETE /meridian/v1/kube/apps/{appId}: {status: 'success'} at once: the app leaves every list
 * while its deployments are removed (the events say when the teardown ends).
 */
export function deleteApp(appId: string): Promise<RemovalResult> {
  return apiClient.delete(`${apiPaths.kube}/apps/${encodeURIComponent(appId)}`, undefined, {
    schema: removalResultSchema,
  });
}

export function useDeleteApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApp,
    onSettled: () => queryClient.invalidateQueries({ queryKey: appsQueryKey }),
  });
}
