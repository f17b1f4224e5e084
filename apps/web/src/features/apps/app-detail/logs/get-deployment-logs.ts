import { deploymentLogsSchema, type DeploymentLogs } from '@meridian/domain/apps/deployment-logs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../../shared/api/api-client';
import { apiPaths } from '../../../../shared/api/api-paths';

export const deploymentLogsQueryKey = (deploymentId: string, location: string, tail: number) =>
  ['deployment-logs', deploymentId, location, tail] as const;

/** GET …/apps/deployment/{id}/logs: the last `tail` lines of one location's pods. */
export function getDeploymentLogs(
  deploymentId: string,
  location: string,
  tail: number,
  signal?: AbortSignal,
): Promise<DeploymentLogs> {
  return apiClient.get(
    `${apiPaths.kube}/apps/deployment/${encodeURIComponent(deploymentId)}/logs`,
    { signal, query: { location, tail }, schema: deploymentLogsSchema },
  );
}

export function useDeploymentLogs(deploymentId: string, location: string, tail: number) {
  return useQuery({
    queryKey: deploymentLogsQueryKey(deploymentId, location, tail),
    queryFn: ({ signal }) => getDeploymentLogs(deploymentId, location, tail, signal),
    placeholderData: keepPreviousData,
    // Logs are read when asked for; the live tail keeps them current.
    staleTime: Infinity,
    retry: false,
  });
}
