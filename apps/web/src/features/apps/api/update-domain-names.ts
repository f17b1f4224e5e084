import { deploymentSchema, type Deployment } from '@meridian/domain/apps/app-api';
import { domainSchema, type Domain } from '@meridian/domain/domains/domain-api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { appsQueryKey, updateCachedApps } from '../../../shared/api/apps-list';

/** What the update-domain form needs of a domain: its name and status. */
export type RootDomain = Pick<Domain, 'uuid' | 'domain_name' | 'status'>;

/** Under ['domains'] so domain changes refresh it, without sharing the domains feature's entry. */
export const rootDomainsQueryKey = ['domains', 'apps', 'roots'] as const;

/** GET /domain/name: the user's domains, the roots a deployment's names can fall under. */
export async function getRootDomains(signal?: AbortSignal): Promise<RootDomain[]> {
  const domains = await apiClient.get(`${apiPaths.domain}/name`, {
    signal,
    schema: z.array(domainSchema),
  });
  return domains.map(({ uuid, domain_name, name, status }) => ({
    uuid,
    domain_name: domain_name || name,
    status,
  }));
}

export function useRootDomains() {
  return useQuery(
    queryOptions({
      queryKey: rootDomainsQueryKey,
      queryFn: ({ signal }) => getRootDomains(signal),
    }),
  );
}

/** PUT /domain/dns/user/entries/deployments/{deploymentId}: body {domain_names}. */
export function updateDomainNames(
  deploymentId: string,
  domainNames: string[],
): Promise<Deployment> {
  return apiClient.put(
    `${apiPaths.domain}/dns/user/entries/deployments/${encodeURIComponent(deploymentId)}`,
    { domain_names: domainNames },
    { schema: deploymentSchema },
  );
}

export function useUpdateDomainNames() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ deploymentId, domainNames }: { deploymentId: string; domainNames: string[] }) =>
      updateDomainNames(deploymentId, domainNames),
    onSuccess: (_data, { deploymentId, domainNames }) => {
      // Spec "States and transitions": the deployment shows pending until the refetch (or the live event) says more.
      updateCachedApps(queryClient, (app) => ({
        ...app,
        deployments: app.deployments.map((deployment) =>
          deployment.uuid === deploymentId
            ? { ...deployment, domain_names: domainNames, status: 'pending' }
            : deployment,
        ),
      }));
      void queryClient.invalidateQueries({ queryKey: appsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['domains'] });
    },
  });
}

/** Under ['domains'] and the apps list, so either kind of change refreshes it. */
const versionDomainNamesKey = (versionId: string, smartClusterId: string) =>
  ['domains', 'apps', 'version-names', versionId, smartClusterId] as const;

/**
 * GET /domain/dns/user/versions/{versionId}/smart_clusters/{clusterId}: the names of a version's
 * deployments on a smart cluster (spec: a map per smart cluster, only entries with names).
 */
export function useVersionDomainNames(versionId: string, smartClusterId: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: versionDomainNamesKey(versionId, smartClusterId),
      queryFn: async ({ signal }) => {
        const byCluster = await apiClient.get(
          `${apiPaths.domain}/dns/user/versions/${encodeURIComponent(versionId)}/smart_clusters/${encodeURIComponent(smartClusterId)}`,
          { signal, schema: z.record(z.string(), z.array(z.string())) },
        );
        return byCluster[smartClusterId] ?? [];
      },
      enabled,
    }),
  );
}

interface VersionDomainNamesChange {
  versionId: string;
  smartClusterId: string;
  smartClusterName: string;
  domainNames: string[];
}

/**
 * PUT /domain/dns/user/versions/{versionId}/smart_clusters/{clusterId}: body {subdomains,
 * smart_cluster_name}; the same names for every location of the version on that smart cluster.
 */
export function useUpdateVersionDomainNames() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      versionId,
      smartClusterId,
      smartClusterName,
      domainNames,
    }: VersionDomainNamesChange) =>
      apiClient.put(
        `${apiPaths.domain}/dns/user/versions/${encodeURIComponent(versionId)}/smart_clusters/${encodeURIComponent(smartClusterId)}`,
        { subdomains: domainNames, smart_cluster_name: smartClusterName },
        { schema: z.array(deploymentSchema) },
      ),
    onSuccess: (_data, { versionId, smartClusterId, domainNames }) => {
      // Spec "Local list updates": the deployments of that smart cluster and version show pending.
      updateCachedApps(queryClient, (app) => ({
        ...app,
        deployments: app.deployments.map((deployment) =>
          deployment.smart_cluster_uuid === smartClusterId && deployment.version_uuid === versionId
            ? { ...deployment, domain_names: domainNames, status: 'pending' }
            : deployment,
        ),
      }));
      void queryClient.invalidateQueries({ queryKey: appsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['domains'] });
    },
  });
}
