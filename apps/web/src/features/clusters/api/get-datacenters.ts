import { datacenterSchema } from '@meridian/domain/clusters/cluster-api';
import type { Datacenter } from '@meridian/domain/clusters/datacenter';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';

export const datacentersQueryKey = ['datacenters'] as const;

/** GET /cluster/datacenters: every location a cluster can run in, plus the external entry. */
export function getDatacenters(signal?: AbortSignal): Promise<Datacenter[]> {
  return apiClient.get(`${apiPaths.cluster}/datacenters`, {
    signal,
    schema: z.array(datacenterSchema),
  });
}

export function datacentersQueryOptions() {
  return queryOptions({
    queryKey: datacentersQueryKey,
    queryFn: ({ signal }) => getDatacenters(signal),
    staleTime: 5 * 60_000,
  });
}

export function useDatacenters() {
  return useQuery(datacentersQueryOptions());
}
