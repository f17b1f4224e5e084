import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { appsQueryKey } from '../../../shared/api/apps-list';

/**
 * DELETE /meridian/v1/kube/apps/{appId}: {status: 'success'} when the app is gone, 'deleting'
 * while its deployments are being removed first.
 */
export async function deleteApp(appId: string): Promise<{ status?: string }> {
  const data = await apiClient.delete<unknown>(
    `${apiPaths.kube}/apps/${encodeURIComponent(appId)}`,
  );
  return typeof data === 'object' && data !== null ? (data as { status?: string }) : {};
}

export function useDeleteApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApp,
    onSettled: () => queryClient.invalidateQueries({ queryKey: appsQueryKey }),
  });
}
