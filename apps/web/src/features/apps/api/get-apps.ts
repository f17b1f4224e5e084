import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import type { AppSummary } from '../app.types';

export const appsQueryKey = ['apps'] as const;

function isAppSummary(value: unknown): value is AppSummary {
  if (typeof value !== 'object' || value === null) return false;
  const app = value as Record<string, unknown>;
  return typeof app.uuid === 'string' && typeof app.name === 'string';
}

/** GET /meridian/v1/kube/apps: the user's apps. */
export async function getApps(signal?: AbortSignal): Promise<AppSummary[]> {
  const data = await apiClient.get<unknown>(`${apiPaths.kube}/apps`, { signal });
  return Array.isArray(data) ? data.filter(isAppSummary) : [];
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
