import { domainSchema, type Domain } from '@meridian/domain/domains/domain-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';

/** ['domains'] is what live domain and subdomain events refresh; records sit under it. */
export const domainsQueryKey = ['domains'] as const;

/** The domain's name: spec "Entities and their fields" allows domain_name or name. */
export function domainNameOf(domain: Pick<Domain, 'domain_name' | 'name'>): string {
  return domain.domain_name || domain.name;
}

/** GET /domain/name: the user's domains. */
export function getDomains(signal?: AbortSignal): Promise<Domain[]> {
  return apiClient.get(`${apiPaths.domain}/name`, { signal, schema: z.array(domainSchema) });
}

export function domainsQueryOptions() {
  return queryOptions({
    queryKey: domainsQueryKey,
    queryFn: ({ signal }) => getDomains(signal),
  });
}

export function useDomains() {
  return useQuery(domainsQueryOptions());
}
