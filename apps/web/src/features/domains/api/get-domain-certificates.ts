import { certificateSchema, type Certificate } from '@meridian/domain/domains/certificate-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { domainsQueryKey } from './get-domains';

/** Under the domains key: a certificate event refetches domains, and this with them. */
export const domainCertificatesQueryKey = (domainId: string) =>
  [...domainsQueryKey, domainId, 'certificates'] as const;

/** GET /certificate/domains/{domainId}: the certificates of deployment names in the domain. */
export function getDomainCertificates(
  domainId: string,
  signal?: AbortSignal,
): Promise<Certificate[]> {
  return apiClient.get(`${apiPaths.certificate}/domains/${encodeURIComponent(domainId)}`, {
    signal,
    schema: z.array(certificateSchema),
  });
}

export function useDomainCertificates(domainId: string) {
  return useQuery(
    queryOptions({
      queryKey: domainCertificatesQueryKey(domainId),
      queryFn: ({ signal }) => getDomainCertificates(domainId, signal),
    }),
  );
}
