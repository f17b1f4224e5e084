import { appSchema, type App, type Deployment } from '@meridian/domain/apps/app-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';

/** What the examples need of an app: its UUID, its name and where it is deployed. */
export type RolloutApp = Pick<App, 'uuid' | 'name'> & {
  deployments: Pick<Deployment, 'smart_cluster_uuid'>[];
};

/**
 * Under ['apps'] so app changes refresh it, but not ['apps'] itself: that entry belongs to the
 * apps feature, whose reading of the list may differ from this one.
 */
export const rolloutAppsQueryKey = ['apps', 'references', 'rollout'] as const;

/** GET /meridian/v1/kube/apps: the user's apps, with the smart clusters each one runs on. */
export async function getRolloutApps(signal?: AbortSignal): Promise<RolloutApp[]> {
  const apps = await apiClient.get(`${apiPaths.kube}/apps`, {
    signal,
    schema: z.array(appSchema),
  });
  return apps.map(({ uuid, name, deployments }) => ({
    uuid,
    name,
    deployments: deployments.map(({ smart_cluster_uuid }) => ({ smart_cluster_uuid })),
  }));
}

export function useRolloutApps() {
  return useQuery(
    queryOptions({
      queryKey: rolloutAppsQueryKey,
      queryFn: ({ signal }) => getRolloutApps(signal),
    }),
  );
}
