import type { App, Deployment } from '@meridian/domain/apps/app-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
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

function toRolloutApp(value: unknown): RolloutApp | null {
  if (typeof value !== 'object' || value === null) return null;
  const app = value as Record<string, unknown>;
  if (typeof app.uuid !== 'string' || typeof app.name !== 'string') return null;
  const deployments = Array.isArray(app.deployments)
    ? app.deployments.filter(
        (deployment): deployment is Pick<Deployment, 'smart_cluster_uuid'> =>
          typeof (deployment as Record<string, unknown> | null)?.smart_cluster_uuid === 'string',
      )
    : [];
  return { uuid: app.uuid, name: app.name, deployments };
}

/** GET /meridian/v1/kube/apps: the user's apps, with the smart clusters each one runs on. */
export async function getRolloutApps(signal?: AbortSignal): Promise<RolloutApp[]> {
  const data = await apiClient.get<unknown>(`${apiPaths.kube}/apps`, { signal });
  if (!Array.isArray(data)) return [];
  return data.map(toRolloutApp).filter((app): app is RolloutApp => app !== null);
}

export function useRolloutApps() {
  return useQuery(
    queryOptions({
      queryKey: rolloutAppsQueryKey,
      queryFn: ({ signal }) => getRolloutApps(signal),
    }),
  );
}
