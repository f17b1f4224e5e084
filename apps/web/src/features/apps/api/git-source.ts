import {
  gitSourceCreatedSchema,
  gitSourceSchema,
  type GitSource,
  type GitSourceCreate,
  type GitSourceCreated,
  type GitSourceUpdate,
} from '@meridian/domain/apps/git-source';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../shared/api/api-client';
import { ApiError } from '../../../shared/api/api-error';
import { apiPaths } from '../../../shared/api/api-paths';
import { appsQueryKey } from '../../../shared/api/apps-list';

/** Under ['apps']: a push's version and rollout events refresh it with the app. */
export const gitSourceQueryKey = (appId: string) => [...appsQueryKey, 'git', appId] as const;

const gitPath = (appId: string) => `${apiPaths.kube}/apps/${encodeURIComponent(appId)}/git`;

/** GET …/apps/{appId}/git: the app's git source, or null when none is connected (404). */
export async function getGitSource(appId: string, signal?: AbortSignal): Promise<GitSource | null> {
  try {
    return await apiClient.get(gitPath(appId), { signal, schema: gitSourceSchema });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useGitSource(appId: string) {
  return useQuery({
    queryKey: gitSourceQueryKey(appId),
    queryFn: ({ signal }) => getGitSource(appId, signal),
  });
}

/** POST …/apps/{appId}/git: connects the repository; the answer holds the secret, this once. */
export function createGitSource(appId: string, body: GitSourceCreate): Promise<GitSourceCreated> {
  return apiClient.post(gitPath(appId), body, { schema: gitSourceCreatedSchema });
}

/** PUT …/apps/{appId}/git: branch, image, smart clusters, previews. */
export function updateGitSource(appId: string, body: GitSourceUpdate): Promise<GitSource> {
  return apiClient.put(gitPath(appId), body, { schema: gitSourceSchema });
}

/** DELETE …/apps/{appId}/git. */
export function deleteGitSource(appId: string): Promise<unknown> {
  return apiClient.delete(gitPath(appId), undefined, { schema: z.unknown() });
}

export function useSaveGitSource(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GitSourceCreate & { existing: boolean }) => {
      const { existing, provider: _provider, repository: _repository, ...update } = body;
      return existing ? updateGitSource(appId, update) : createGitSource(appId, body);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gitSourceQueryKey(appId) }),
  });
}

export function useDeleteGitSource(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteGitSource(appId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gitSourceQueryKey(appId) }),
  });
}
