import type { App } from '@meridian/domain/apps/app-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';

/**
 * The apps feature's key: one cache for the sidebar, the apps pages and this counter, refreshed by
 * the same live events. The answer is shaped as that feature shapes it, whichever fetches first.
 */
export const appsQueryKey = ['apps'] as const;

function isApp(value: unknown): value is App {
  if (typeof value !== 'object' || value === null) return false;
  const app = value as Record<string, unknown>;
  return typeof app.uuid === 'string' && typeof app.name === 'string';
}

/** GET /meridian/v1/kube/apps. */
export async function getApps(signal?: AbortSignal): Promise<App[]> {
  const data = await apiClient.get<unknown>(`${apiPaths.kube}/apps`, { signal });
  if (!Array.isArray(data)) return [];
  return data.filter(isApp).map((app) => ({
    ...app,
    description: app.description ?? null,
    versions: Array.isArray(app.versions) ? app.versions : [],
    deployments: Array.isArray(app.deployments) ? app.deployments : [],
  }));
}

export function useApps() {
  return useQuery(
    queryOptions({ queryKey: appsQueryKey, queryFn: ({ signal }) => getApps(signal) }),
  );
}
