import { trafficSchema, type Traffic } from '@meridian/domain/traffic/traffic';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';

/** Refreshed by TRAFFIC live events (spec §4: traffic events go to the traffic state). */
export const trafficQueryKey = ['traffic'] as const;

const noTraffic: Traffic = {
  daily_totals: { total_requests: 0, daily_active_users: 0 },
  regions: [],
};

/** GET /intelligence/traffic: today's (UTC) requests and users, in total and per datacenter. */
export async function getTraffic(signal?: AbortSignal): Promise<Traffic> {
  const data = await apiClient.get<unknown>(`${apiPaths.intelligence}/traffic`, { signal });
  const parsed = trafficSchema.safeParse(data);
  return parsed.success ? parsed.data : noTraffic;
}

export function trafficQueryOptions() {
  return queryOptions({ queryKey: trafficQueryKey, queryFn: ({ signal }) => getTraffic(signal) });
}

export function useTraffic() {
  return useQuery(trafficQueryOptions());
}
