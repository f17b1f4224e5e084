import { deploymentSchema, type Deployment } from '@meridian/domain/apps/app-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';

/** Under ['apps'] so that whatever refreshes the apps (mutations, live events) refreshes this too. */
export function smartClusterDeploymentsQueryKey(smartClusterUuid: string) {
  return ['apps', 'deployments', 'smart-cluster', smartClusterUuid] as const;
}

/** GET /meridian/v1/kube/apps/deployment/smart_cluster/{id}: the deployments on one smart cluster. */
export function getSmartClusterDeployments(
  smartClusterUuid: string,
  signal?: AbortSignal,
): Promise<Deployment[]> {
  return apiClient.get(
    `${apiPaths.kube}/apps/deployment/smart_cluster/${encodeURIComponent(smartClusterUuid)}`,
    { signal, schema: z.array(deploymentSchema) },
  );
}

export function smartClusterDeploymentsQueryOptions(smartClusterUuid: string) {
  return queryOptions({
    queryKey: smartClusterDeploymentsQueryKey(smartClusterUuid),
    queryFn: ({ signal }) => getSmartClusterDeployments(smartClusterUuid, signal),
  });
}

/** Nothing is fetched while no smart cluster is open. */
export function useSmartClusterDeployments(smartClusterUuid: string | undefined) {
  return useQuery({
    ...smartClusterDeploymentsQueryOptions(smartClusterUuid ?? ''),
    enabled: Boolean(smartClusterUuid),
  });
}
