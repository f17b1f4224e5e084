import {
  recordHistoryPageSchema,
  zoneImportResultSchema,
  type RecordHistoryPage,
  type ZoneImportBody,
  type ZoneImportResult,
} from '@meridian/domain/domains/zone-api';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { downloadTextFile } from '../../../shared/lib/download-file';
import { dnsRecordsQueryKey } from './get-dns-records';
import { domainsQueryKey } from './get-domains';

export const recordHistoryQueryKey = (domainId: string) =>
  [...domainsQueryKey, domainId, 'history'] as const;

const zonePath = (domainId: string) => `${apiPaths.domain}/name/${encodeURIComponent(domainId)}`;

/** GET /domain/name/{id}/zone, saved as `<domain>.zone`. */
export async function downloadZone(domainId: string, domainName: string): Promise<void> {
  const text = await apiClient.get(`${zonePath(domainId)}/zone`, { schema: z.string() });
  downloadTextFile(`${domainName}.zone`, text, 'text/dns');
}

/** POST /domain/name/{id}/zone {text, mode}: all or nothing; a 400 lists "Line N: …". */
export function importZone(domainId: string, body: ZoneImportBody): Promise<ZoneImportResult> {
  return apiClient.post(`${zonePath(domainId)}/zone`, body, { schema: zoneImportResultSchema });
}

export function useImportZone(domainId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ZoneImportBody) => importZone(domainId, body),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: dnsRecordsQueryKey(domainId) });
      void queryClient.invalidateQueries({ queryKey: recordHistoryQueryKey(domainId) });
    },
  });
}

export const historyPageSize = 10;

/** GET /domain/name/{id}/history: one page, newest first. */
export function getRecordHistory(
  domainId: string,
  page: number,
  signal?: AbortSignal,
): Promise<RecordHistoryPage> {
  return apiClient.get(`${zonePath(domainId)}/history`, {
    query: { limit: String(historyPageSize), offset: String((page - 1) * historyPageSize) },
    signal,
    schema: recordHistoryPageSchema,
  });
}

export function useRecordHistory(domainId: string, page: number) {
  return useQuery(
    queryOptions({
      queryKey: [...recordHistoryQueryKey(domainId), page],
      queryFn: ({ signal }) => getRecordHistory(domainId, page, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
