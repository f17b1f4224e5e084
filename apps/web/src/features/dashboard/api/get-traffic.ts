import { trafficSchema, type Traffic } from '@meridian/domain/traffic/traffic';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';

/** Refreshed by TRAFFIC live events (spec "States and transitions": traffic events go to the traffic state). */
export const trafficQueryKey = ['traffic'] as const;

/** GET /intelligence/traffic: today's (UTC) requests and users, in total and per datacenter. */
export function getTraffic(signal?: AbortSignal): Promise<Traffic> {
  return apiClient.get(`${apiPaths.intelligence}/traffic`, { signal, schema: trafficSchema });
}

export function trafficQueryOptions() {
  return queryOptions({ queryKey: trafficQueryKey, queryFn: ({ signal }) => getTraffic(signal) });
}

export function useTraffic() {
  return useQuery(trafficQueryOptions());
}
