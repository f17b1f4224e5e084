import type { Domain } from '@meridian/domain/domains/domain-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';

/** ['domains'] is what live domain and subdomain events refresh; records sit under it. */
export const domainsQueryKey = ['domains'] as const;

function isDomain(value: unknown): value is Domain {
  if (typeof value !== 'object' || value === null) return false;
  const domain = value as Record<string, unknown>;
  return typeof domain.uuid === 'string' && typeof (domain.domain_name ?? domain.name) === 'string';
}

/** The domain's name: spec §3 allows domain_name or name. */
export function domainNameOf(domain: Pick<Domain, 'domain_name' | 'name'>): string {
  return domain.domain_name || domain.name;
}

/** GET /domain/name: the user's domains. */
export async function getDomains(signal?: AbortSignal): Promise<Domain[]> {
  const data = await apiClient.get<unknown>(`${apiPaths.domain}/name`, { signal });
  if (!Array.isArray(data)) return [];
  return data.filter(isDomain).map((domain) => ({
    ...domain,
    domain_name: domainNameOf(domain),
    name: domainNameOf(domain),
    subdomains: Array.isArray(domain.subdomains) ? domain.subdomains : [],
    nameservers: Array.isArray(domain.nameservers) ? domain.nameservers : [],
  }));
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
