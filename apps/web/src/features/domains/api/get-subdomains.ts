import { subdomainSchema, type Subdomain } from '@meridian/domain/domains/domain-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { domainsQueryKey } from './get-domains';

export const subdomainsQueryKey = (domainId: string) =>
  [...domainsQueryKey, domainId, 'subdomains'] as const;

/** GET /domain/name/{domainId}/subdomains: deployment domain names under this domain. */
export function getSubdomains(domainId: string, signal?: AbortSignal): Promise<Subdomain[]> {
  return apiClient.get(`${apiPaths.domain}/name/${encodeURIComponent(domainId)}/subdomains`, {
    signal,
    schema: z.array(subdomainSchema),
  });
}

export function useSubdomains(domainId: string) {
  return useQuery(
    queryOptions({
      queryKey: subdomainsQueryKey(domainId),
      queryFn: ({ signal }) => getSubdomains(domainId, signal),
    }),
  );
}
