import {
  registryListSchema,
  registrySchema,
  type CreateRegistryInput,
  type Registry,
} from '@meridian/domain/auth/registry';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from './api-client';
import { apiPaths } from './api-paths';

/**
 * The user's saved private registries (issue 36): the Saved registries dialog lists, adds and
 * deletes them; the Basic form offers them in place of typed credentials.
 */
export const registriesQueryKey = ['registries'] as const;

/** GET /auth/registries: newest first, never a password. */
export async function getRegistries(signal?: AbortSignal): Promise<Registry[]> {
  const list = await apiClient.get(`${apiPaths.auth}/registries`, {
    signal,
    schema: registryListSchema,
  });
  return list.registries;
}

export function useRegistries({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: registriesQueryKey,
    queryFn: ({ signal }) => getRegistries(signal),
    enabled,
  });
}

/** POST /auth/registries {name, url, username, password}: the saved registry, without its password. */
export function createRegistry(body: CreateRegistryInput): Promise<Registry> {
  return apiClient.post(
    `${apiPaths.auth}/registries`,
    {
      name: body.name.trim(),
      url: body.url.trim(),
      username: body.username.trim(),
      password: body.password,
    },
    { schema: registrySchema },
  );
}

export function useCreateRegistry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRegistry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: registriesQueryKey }),
  });
}

/** DELETE /auth/registries/{uuid}. */
export async function deleteRegistry(uuid: string): Promise<void> {
  await apiClient.delete(`${apiPaths.auth}/registries/${encodeURIComponent(uuid)}`, undefined, {
    schema: z.unknown(),
  });
}

export function useDeleteRegistry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRegistry,
    onSuccess: (_data, uuid) => {
      queryClient.setQueryData<Registry[]>(registriesQueryKey, (list) =>
        list?.filter((registry) => registry.uuid !== uuid),
      );
      void queryClient.invalidateQueries({ queryKey: registriesQueryKey });
    },
  });
}
