import { removalResultSchema, type RemovalResult } from '@meridian/domain/apps/app-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { appsQueryKey } from '../../../shared/api/apps-list';

/** DELETE /meridian/v1/kube/apps/deployment: body {uuids}. */
export function removeDeployments(uuids: string[]): Promise<RemovalResult> {
  return apiClient.delete(
    `${apiPaths.kube}/apps/deployment`,
    { uuids },
    { schema: removalResultSchema },
  );
}

export function useRemoveDeployments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeDeployments,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appsQueryKey }),
  });
}
