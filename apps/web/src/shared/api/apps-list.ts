import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';
import { apiPaths } from './api-paths';
import type { App } from '@meridian/domain/apps/app-api';

export const appsQueryKey = ['apps'] as const;

function isApp(value: unknown): value is App {
  if (typeof value !== 'object' || value === null) return false;
  const app = value as Record<string, unknown>;
  return typeof app.uuid === 'string' && typeof app.name === 'string';
}

/**
 * GET /meridian/v1/kube/apps: the user's apps. The server checks its answer against the domain's
 * App schema; the console only guards against a body that is not a list, and against missing
 * lists, so one odd record cannot break the sidebar.
 */
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

export function appsQueryOptions() {
  return queryOptions({
    queryKey: appsQueryKey,
    queryFn: ({ signal }) => getApps(signal),
  });
}

export function useApps() {
  return useQuery(appsQueryOptions());
}
