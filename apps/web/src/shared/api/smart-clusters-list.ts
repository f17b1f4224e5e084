import {
  smartClusterPageSchema,
  smartClusterSchema,
  type SmartClusterPage,
} from '@meridian/domain/clusters/cluster-api';
import type { SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from './api-client';
import { clustersQueryKey } from './clusters-list';
import { apiPaths } from './api-paths';

export const smartClustersQueryKey = ['smart-clusters'] as const;

/** GET /cluster/smart_clusters: the user's smart clusters. */
export function getSmartClusters(signal?: AbortSignal): Promise<SmartCluster[]> {
  return apiClient.get(`${apiPaths.cluster}/smart_clusters`, {
    signal,
    schema: z.array(smartClusterSchema),
  });
}

export function smartClustersQueryOptions() {
  return queryOptions({
    queryKey: smartClustersQueryKey,
    queryFn: ({ signal }) => getSmartClusters(signal),
  });
}

/** What the clusters page filters by, besides the page: absent, no filter. */
export interface SmartClusterPageParams {
  limit: number;
  offset: number;
  search?: string;
  modes?: readonly string[];
  statuses?: readonly string[];
  datacenter?: string;
}

/** GET /cluster/smart_clusters/page: one page of smart clusters as the list shows them. */
export function getSmartClusterPage(
  { modes, statuses, search, ...rest }: SmartClusterPageParams,
  signal?: AbortSignal,
): Promise<SmartClusterPage> {
  return apiClient.get(`${apiPaths.cluster}/smart_clusters/page`, {
    query: {
      ...rest,
      search: search?.trim() || undefined,
      modes: modes?.join(','),
      statuses: statuses?.join(','),
    },
    signal,
    schema: smartClusterPageSchema,
  });
}

/**
 * Pages and overview sit under ['clusters']: member and smart-cluster events and changes both
 * refresh that key, and the overview counts the members.
 */
export const smartClusterPagesQueryKey = [...clustersQueryKey, 'smart-cluster-pages'] as const;

/** The header's counters and the map's markers over every smart cluster: a page of one. */
export function useSmartClusterOverview() {
  return useQuery({
    queryKey: [...smartClusterPagesQueryKey, 'overview'] as const,
    queryFn: ({ signal }) => getSmartClusterPage({ limit: 1, offset: 0 }, signal),
    select: (page) => page.overview,
  });
}

/** How many smart clusters a picker offers at once; typing narrows them on the server. */
export const smartClusterChoiceLimit = 100;

/**
 * The first smart clusters whose name holds `search`, for a picker: a page, not the full list,
 * however many the user has. The last answer stays shown while the next search is asked.
 */
export function useSmartClusterChoices(search: string) {
  const term = search.trim().toLowerCase();
  return useQuery({
    queryKey: [...smartClusterPagesQueryKey, 'choices', term] as const,
    queryFn: ({ signal }) =>
      getSmartClusterPage({ limit: smartClusterChoiceLimit, offset: 0, search: term }, signal),
    placeholderData: keepPreviousData,
  });
}
