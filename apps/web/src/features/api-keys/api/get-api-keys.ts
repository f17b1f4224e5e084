import { apiKeyListSchema, type ApiKeySummary } from '@meridian/domain/auth/api-key';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';

export const apiKeysQueryKey = ['api-keys'] as const;

/** GET /auth/api_key: the list is read from the response field `keys` (spec "Entities and their fields"). */
export async function getApiKeys(signal?: AbortSignal): Promise<ApiKeySummary[]> {
  const list = await apiClient.get(`${apiPaths.auth}/api_key`, {
    signal,
    schema: apiKeyListSchema,
  });
  return list.keys;
}

export function apiKeysQueryOptions() {
  return queryOptions({
    queryKey: apiKeysQueryKey,
    queryFn: ({ signal }) => getApiKeys(signal),
  });
}

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}
