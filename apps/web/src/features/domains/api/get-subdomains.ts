import type { Subdomain } from '@meridian/domain/domains/domain-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { domainsQueryKey } from './get-domains';

export const subdomainsQueryKey = (domainId: string) =>
  [...domainsQueryKey, domainId, 'subdomains'] as const;

/** GET /domain/name/{domainId}/subdomains: deployment domain names under this domain. */
export async function getSubdomains(domainId: string, signal?: AbortSignal): Promise<Subdomain[]> {
  const data = await apiClient.get<unknown>(
    `${apiPaths.domain}/name/${encodeURIComponent(domainId)}/subdomains`,
    { signal },
  );
  if (!Array.isArray(data)) return [];
  return data.filter(
    (item): item is Subdomain =>
      typeof (item as Record<string, unknown> | null)?.subdomain === 'string',
  );
}

export function useSubdomains(domainId: string) {
  return useQuery(
    queryOptions({
      queryKey: subdomainsQueryKey(domainId),
      queryFn: ({ signal }) => getSubdomains(domainId, signal),
    }),
  );
}
