import type { ApiKeySummary } from '@meridian/domain/auth/api-key';
import { statusResultSchema, type StatusResult } from '@meridian/domain/operation-result';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { apiKeysQueryKey } from './get-api-keys';

/** DELETE /auth/api_key with body `{name}`: requests carrying the key are refused at once. */
export function revokeApiKey(name: string): Promise<StatusResult> {
  return apiClient.delete(`${apiPaths.auth}/api_key`, { name }, { schema: statusResultSchema });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: (_data, name) => {
      queryClient.setQueryData<ApiKeySummary[]>(apiKeysQueryKey, (list) =>
        list?.filter((key) => key.name !== name),
      );
      void queryClient.invalidateQueries({ queryKey: apiKeysQueryKey });
    },
  });
}
