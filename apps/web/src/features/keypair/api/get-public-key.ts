import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';

/** GET /auth/users/public_key. */
export async function getPublicKey(signal?: AbortSignal): Promise<string> {
  const data = await apiClient.get<{ public_key?: unknown }>(`${apiPaths.auth}/users/public_key`, {
    signal,
  });
  if (typeof data?.public_key !== 'string') throw new Error('No public key in the response');
  return data.public_key;
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
