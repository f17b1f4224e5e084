import { certificateSchema, type Certificate } from '@meridian/domain/domains/certificate-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { appsQueryKey } from '../../../shared/api/apps-list';

/** Under the apps key: a certificate event refetches apps, and this with them. */
export const certificateQueryKey = (deploymentId: string) =>
  [...appsQueryKey, 'certificate', deploymentId] as const;

/** GET /certificate/deployments/{id}: issuer, dates, status and last error. */
export function getCertificate(deploymentId: string, signal?: AbortSignal): Promise<Certificate> {
  return apiClient.get(`${apiPaths.certificate}/deployments/${encodeURIComponent(deploymentId)}`, {
    signal,
    schema: certificateSchema,
  });
}

export function useCertificate(deploymentId: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: certificateQueryKey(deploymentId),
      queryFn: ({ signal }) => getCertificate(deploymentId, signal),
      enabled,
      // An order under way ends with a live event; the poll only covers a missed one.
      refetchInterval: (query) => (query.state.data?.status === 'renewing' ? 5_000 : false),
    }),
  );
}
