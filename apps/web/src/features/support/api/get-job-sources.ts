import type { App } from '@meridian/domain/apps/app-api';
import type { Cluster, SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';

// The lists the support page looks a job up in. Other features read the same endpoints; the
// keys here are the page's own, so its lighter parsing never lands in their caches.

/** GET /cluster/smart_clusters. */
export function supportSmartClustersQuery() {
  return queryOptions({
    queryKey: ['support', 'smart-clusters'] as const,
    queryFn: async ({ signal }) => {
      const data = await apiClient.get<unknown>(`${apiPaths.cluster}/smart_clusters`, { signal });
      return Array.isArray(data) ? (data as SmartCluster[]) : [];
    },
  });
}

/** GET /cluster/clusters: the member clusters of every smart cluster. */
export function supportClustersQuery() {
  return queryOptions({
    queryKey: ['support', 'clusters'] as const,
    queryFn: async ({ signal }) => {
      const data = await apiClient.get<unknown>(`${apiPaths.cluster}/clusters`, { signal });
      return Array.isArray(data) ? (data as Cluster[]) : [];
    },
  });
}

/** GET /meridian/v1/kube/apps, with their versions and deployments. */
export function supportAppsQuery() {
  return queryOptions({
    queryKey: ['support', 'apps'] as const,
    queryFn: async ({ signal }) => {
      const data = await apiClient.get<unknown>(`${apiPaths.kube}/apps`, { signal });
      return Array.isArray(data) ? (data as App[]) : [];
    },
  });
}
