import { appSchema, type App } from '@meridian/domain/apps/app-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from './api-client';
import { apiPaths } from './api-paths';

export const appsQueryKey = ['apps'] as const;

/** GET /meridian/v1/kube/apps: the user's apps, with their versions and deployments. */
export function getApps(signal?: AbortSignal): Promise<App[]> {
  return apiClient.get(`${apiPaths.kube}/apps`, { signal, schema: z.array(appSchema) });
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
