import { publicKeyResultSchema } from '@meridian/domain/auth/keypair';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';

/** GET /auth/users/public_key. */
export async function getPublicKey(signal?: AbortSignal): Promise<string> {
  const { public_key } = await apiClient.get(`${apiPaths.auth}/users/public_key`, {
    signal,
    schema: publicKeyResultSchema,
  });
  return public_key;
}

export function publicKeyQueryOptions() {
  return queryOptions({
    queryKey: ['keypair', 'public-key'] as const,
    queryFn: ({ signal }) => getPublicKey(signal),
    retry: false,
  });
}

export function usePublicKey(enabled = true) {
  return useQuery({ ...publicKeyQueryOptions(), enabled });
}
