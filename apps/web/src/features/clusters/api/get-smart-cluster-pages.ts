import type { SmartClusterPage } from '@meridian/domain/clusters/cluster-api';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import {
  getSmartClusterPage,
  smartClusterPagesQueryKey,
  type SmartClusterPageParams,
} from '../../../shared/api/smart-clusters-list';

/** Cards per page: a few screens of the grid, a few kilobytes. */
export const smartClusterPageSize = 30;

export type SmartClusterFilterParams = Omit<SmartClusterPageParams, 'limit' | 'offset'>;

/** The clusters page's list: pages of cards, the next one asked for as the list scrolls. */
export function useSmartClusterPages(filter: SmartClusterFilterParams) {
  return useInfiniteQuery({
    queryKey: [...smartClusterPagesQueryKey, 'list', filter] as const,
    queryFn: ({ pageParam, signal }) =>
      getSmartClusterPage({ ...filter, limit: smartClusterPageSize, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (last: SmartClusterPage) =>
      last.offset + last.items.length < last.total ? last.offset + last.items.length : undefined,
    placeholderData: keepPreviousData,
  });
}
