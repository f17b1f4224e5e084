import { appHistoryPageSchema, type AppHistoryPage } from '@meridian/domain/apps/app-history';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { appsQueryKey } from '../../../shared/api/apps-list';

/** Entries per page of the timeline. */
export const historyPageSize = 20;

export interface HistoryFilter {
  /** A version uuid. */
  version?: string;
  /** A datacenter uuid. */
  location?: string;
}

/** GET /meridian/v1/kube/apps/{appId}/history: one page, newest first. */
export function getAppHistory(
  appId: string,
  filter: HistoryFilter & { limit: number; offset: number },
  signal?: AbortSignal,
): Promise<AppHistoryPage> {
  return apiClient.get(`${apiPaths.kube}/apps/${encodeURIComponent(appId)}/history`, {
    query: { ...filter },
    signal,
    schema: appHistoryPageSchema,
  });
}

/** Under ['apps']: every app or deployment event that refreshes the app refreshes its history. */
export const appHistoryQueryKey = (appId: string, filter: HistoryFilter = {}) =>
  [...appsQueryKey, 'history', appId, filter] as const;

export function appHistoryOptions(appId: string, filter: HistoryFilter) {
  return infiniteQueryOptions({
    queryKey: appHistoryQueryKey(appId, filter),
    queryFn: ({ pageParam, signal }) =>
      getAppHistory(appId, { ...filter, limit: historyPageSize, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (last: AppHistoryPage) =>
      last.offset + last.items.length < last.total ? last.offset + last.items.length : undefined,
    placeholderData: keepPreviousData,
  });
}

export function useAppHistory(appId: string, filter: HistoryFilter) {
  return useInfiniteQuery(appHistoryOptions(appId, filter));
}
