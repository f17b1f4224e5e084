import { billingUsageSchema, type BillingUsage } from '@meridian/domain/billing/billing-usage';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';

export const billingUsageQueryKey = (month: string) => ['billing-usage', month] as const;

/** GET /billing/usage?month=YYYY-MM: parsed, so a malformed answer shows as a fetch failure. */
export function getBillingUsage(month: string, signal?: AbortSignal): Promise<BillingUsage> {
  return apiClient.get(`${apiPaths.billing}/usage`, {
    query: { month },
    signal,
    schema: billingUsageSchema,
  });
}

export function billingUsageQueryOptions(month: string) {
  return queryOptions({
    queryKey: billingUsageQueryKey(month),
    queryFn: ({ signal }) => getBillingUsage(month, signal),
  });
}

export function useBillingUsage(month: string) {
  return useQuery(billingUsageQueryOptions(month));
}
