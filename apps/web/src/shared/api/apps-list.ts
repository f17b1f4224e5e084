import {
  appSchema,
  appSummaryPageSchema,
  type App,
  type AppSummaryPage,
  type appSummarySorts,
} from '@meridian/domain/apps/app-api';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  type QueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from './api-client';
import { apiPaths } from './api-paths';

export const appsQueryKey = ['apps'] as const;

type AppSummarySort = (typeof appSummarySorts)[number];

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

/** One app as its screens read it; under ['apps'], so it is refreshed with the list. */
export const appQueryKey = (appId: string) => [...appsQueryKey, 'one', appId] as const;

/** GET /meridian/v1/kube/apps/{appId}: one app, with its versions and deployments. */
export function getApp(appId: string, signal?: AbortSignal): Promise<App> {
  return apiClient.get(`${apiPaths.kube}/apps/${encodeURIComponent(appId)}`, {
    signal,
    schema: appSchema,
  });
}

export function useApp(appId: string | undefined) {
  return useQuery({
    queryKey: appQueryKey(appId ?? ''),
    queryFn: ({ signal }) => getApp(appId ?? '', signal),
    enabled: Boolean(appId),
  });
}

/** A change to apps wherever they are cached: the full list and each app read alone. */
export function updateCachedApps(queryClient: QueryClient, change: (app: App) => App): void {
  queryClient.setQueryData<App[]>(appsQueryKey, (list) => list?.map(change));
  queryClient.setQueriesData<App>({ queryKey: [...appsQueryKey, 'one'] }, (app) =>
    app ? change(app) : app,
  );
}

/** Apps per page of the sidebar: a few screens of tiles, a few kilobytes. */
export const appSummaryPageSize = 60;

export interface AppSummaryFilter {
  sort: AppSummarySort;
  search: string;
}

/** GET /meridian/v1/kube/apps/summary: one page of the apps as the sidebar shows them. */
export function getAppSummaryPage(
  filter: AppSummaryFilter & { limit: number; offset: number },
  signal?: AbortSignal,
): Promise<AppSummaryPage> {
  const { search, ...rest } = filter;
  return apiClient.get(`${apiPaths.kube}/apps/summary`, {
    query: { ...rest, ...(search.trim() ? { search: search.trim() } : {}) },
    signal,
    schema: appSummaryPageSchema,
  });
}

/** Under ['apps'], so whatever refreshes the app list refreshes the sidebar too. */
export function appSummaryPagesOptions(filter: AppSummaryFilter) {
  return infiniteQueryOptions({
    queryKey: [...appsQueryKey, 'summary', filter] as const,
    queryFn: ({ pageParam, signal }) =>
      getAppSummaryPage({ ...filter, limit: appSummaryPageSize, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (last: AppSummaryPage) =>
      last.offset + last.items.length < last.total ? last.offset + last.items.length : undefined,
    placeholderData: keepPreviousData,
  });
}

export function useAppSummaryPages(filter: AppSummaryFilter) {
  return useInfiniteQuery(appSummaryPagesOptions(filter));
}

/** How many apps there are and where their rollouts run: a page of one, for the header and map. */
export function useAppOverview() {
  return useQuery({
    queryKey: [...appsQueryKey, 'overview'] as const,
    queryFn: ({ signal }) =>
      getAppSummaryPage({ sort: 'created', search: '', limit: 1, offset: 0 }, signal),
  });
}
