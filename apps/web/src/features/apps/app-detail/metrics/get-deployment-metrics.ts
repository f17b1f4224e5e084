import {
  deploymentMetricsSchema,
  metricsRanges,
  type DeploymentMetrics,
  type MetricsRange,
} from '@meridian/domain/apps/deployment-metrics';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../../shared/api/api-client';
import { apiPaths } from '../../../../shared/api/api-paths';

/**
 * Under ['traffic'], the key a TRAFFIC live event (a sampling round) refreshes
 * (app/realtime-events.tsx): the charts follow each round too.
 */
export const deploymentMetricsQueryKey = (deploymentId: string, range: MetricsRange) =>
  ['traffic', 'deployment-metrics', deploymentId, range] as const;

/** How often the charts refresh even without a live event (sampling runs every ~10 s). */
export const metricsRefetchMs = 30_000;

/** GET …/apps/deployment/{id}/metrics over the last `range`, up to now, in the server's default step. */
export function getDeploymentMetrics(
  deploymentId: string,
  range: MetricsRange,
  signal?: AbortSignal,
): Promise<DeploymentMetrics> {
  const to = new Date();
  const from = new Date(to.getTime() - metricsRanges[range] * 1000);
  return apiClient.get(
    `${apiPaths.kube}/apps/deployment/${encodeURIComponent(deploymentId)}/metrics`,
    {
      signal,
      query: { from: from.toISOString(), to: to.toISOString() },
      schema: deploymentMetricsSchema,
    },
  );
}

export function useDeploymentMetrics(deploymentId: string, range: MetricsRange) {
  return useQuery({
    queryKey: deploymentMetricsQueryKey(deploymentId, range),
    queryFn: ({ signal }) => getDeploymentMetrics(deploymentId, range, signal),
    refetchInterval: metricsRefetchMs,
    // A new range keeps the old charts up until its own answer comes.
    placeholderData: keepPreviousData,
  });
}
