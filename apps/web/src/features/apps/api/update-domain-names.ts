import { deploymentSchema, type App, type Deployment } from '@meridian/domain/apps/app-api';
import { domainSchema, type Domain } from '@meridian/domain/domains/domain-api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { appsQueryKey } from '../../../shared/api/apps-list';

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
      queryClient.setQueryData<App[]>(appsQueryKey, (list) =>
        list?.map((app) => ({
          ...app,
          deployments: app.deployments.map((deployment) =>
            deployment.uuid === deploymentId
              ? { ...deployment, domain_names: domainNames, status: 'pending' }
              : deployment,
          ),
        })),
      );
      void queryClient.invalidateQueries({ queryKey: appsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['domains'] });
    },
  });
}
