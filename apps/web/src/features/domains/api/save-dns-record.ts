import {
  dnsRecordSchema,
  type DnsRecord,
  type DnsRecordCreateInput,
  type DnsRecordUpdateInput,
} from '@meridian/domain/domains/domain-api';
import { statusResultSchema, type StatusResult } from '@meridian/domain/operation-result';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { dnsRecordsQueryKey } from './get-dns-records';
import { recordHistoryQueryKey } from './zone-file';

/** POST /domain/dns/user: body {domain_uuid, domain, ttl, type, content}. */
export function createDnsRecord(body: DnsRecordCreateInput): Promise<DnsRecord> {
  return apiClient.post(`${apiPaths.domain}/dns/user`, body, { schema: dnsRecordSchema });
}

/** PUT /domain/dns/user/{id}: body {domain, ttl, content}; the type never changes. */
export function updateDnsRecord(
  recordId: string,
  body: Omit<DnsRecordUpdateInput, 'type'>,
): Promise<DnsRecord> {
  return apiClient.put(`${apiPaths.domain}/dns/user/${encodeURIComponent(recordId)}`, body, {
    schema: dnsRecordSchema,
  });
}

/** DELETE /domain/dns/user/{id}. */
export function deleteDnsRecord(recordId: string): Promise<StatusResult> {
  return apiClient.delete(
    `${apiPaths.domain}/dns/user/${encodeURIComponent(recordId)}`,
    undefined,
    { schema: statusResultSchema },
  );
}

/** The editor's three writes; each puts the answer into the domain's list, then refetches it. */
export function useDnsRecordMutations(domainId: string) {
  const queryClient = useQueryClient();
  const key = dnsRecordsQueryKey(domainId);
  const settle = () => {
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: recordHistoryQueryKey(domainId) });
  };
  const create = useMutation({
    mutationFn: createDnsRecord,
    onSuccess: (record) => {
      queryClient.setQueryData<DnsRecord[]>(key, (list) => [record, ...(list ?? [])]);
      settle();
    },
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: Omit<DnsRecordUpdateInput, 'type'> }) =>
      updateDnsRecord(id, body),
    onSuccess: (record, { id }) => {
      queryClient.setQueryData<DnsRecord[]>(key, (list) =>
        list?.map((item) => (item.uuid === id ? { ...item, ...record } : item)),
      );
      settle();
    },
  });
  const remove = useMutation({
    mutationFn: deleteDnsRecord,
    onSuccess: (_data, id) => {
      queryClient.setQueryData<DnsRecord[]>(key, (list) =>
        list?.filter((item) => item.uuid !== id),
      );
      settle();
    },
  });
  return { create, update, remove };
}
