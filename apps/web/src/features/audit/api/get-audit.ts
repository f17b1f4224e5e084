import { auditPageSchema, type AuditPage } from '@meridian/domain/auth/audit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { downloadTextFile } from '../../../shared/lib/download-file';

/** The filters as the page holds them: empty strings are no filter, times are ISO. */
export interface AuditFilters {
  actor: string;
  action: string;
  target: string;
  from: string;
  to: string;
}

export const noAuditFilters: AuditFilters = { actor: '', action: '', target: '', from: '', to: '' };

function queryOf(filters: AuditFilters) {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));
}

/** GET /auth/audit: one page of the entries the user may see, newest first. */
export function useAuditPage(filters: AuditFilters, page: { limit: number; offset: number }) {
  return useQuery({
    queryKey: ['audit', filters, page],
    queryFn: ({ signal }): Promise<AuditPage> =>
      apiClient.get(`${apiPaths.auth}/audit`, {
        signal,
        query: { ...queryOf(filters), ...page },
        schema: auditPageSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /auth/audit.csv with the same filters, saved as meridian-audit.csv. */
export async function downloadAuditCsv(filters: AuditFilters): Promise<void> {
  const csv = await apiClient.get(`${apiPaths.auth}/audit.csv`, {
    query: queryOf(filters),
    headers: { Accept: 'text/csv' },
    schema: z.string(),
  });
  downloadTextFile('meridian-audit.csv', csv, 'text/csv;charset=utf-8');
}
