import {
  createdApiKeySchema,
  type CreateApiKeyInput,
  type CreatedApiKey,
} from '@meridian/domain/auth/api-key';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { apiKeysQueryKey } from './get-api-keys';

/** POST /auth/api_key: answers `{name, key}`; the key is never shown again. */
export function createApiKey(body: CreateApiKeyInput): Promise<CreatedApiKey> {
  return apiClient.post(
    `${apiPaths.auth}/api_key`,
    { ...body, name: body.name.trim() },
    { schema: createdApiKeySchema },
  );
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
