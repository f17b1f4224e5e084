import { dnsRecordSchema, type DnsRecord } from '@meridian/domain/domains/domain-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { domainsQueryKey } from './get-domains';

export const dnsRecordsQueryKey = (domainId: string) =>
  [...domainsQueryKey, domainId, 'records'] as const;

/** GET /domain/dns/user?domain_uuid=…: the domain's records. */
export function getDnsRecords(domainId: string, signal?: AbortSignal): Promise<DnsRecord[]> {
  return apiClient.get(`${apiPaths.domain}/dns/user`, {
    query: { domain_uuid: domainId },
    signal,
    schema: z.array(dnsRecordSchema),
  });
}

export function useDnsRecords(domainId: string) {
  return useQuery(
    queryOptions({
      queryKey: dnsRecordsQueryKey(domainId),
      queryFn: ({ signal }) => getDnsRecords(domainId, signal),
    }),
  );
}
