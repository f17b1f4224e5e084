import { versionDiffSchema, type VersionDiff } from '@meridian/domain/apps/app-history';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';

/** GET /meridian/v1/kube/apps/versions/{versionId}/diff/{otherVersionId}: a unified diff. */
export function getVersionDiff(
  fromId: string,
  toId: string,
  signal?: AbortSignal,
): Promise<VersionDiff> {
  return apiClient.get(
    `${apiPaths.kube}/apps/versions/${encodeURIComponent(fromId)}/diff/${encodeURIComponent(toId)}`,
    { signal, schema: versionDiffSchema },
  );
}

export function useVersionDiff(fromId: string | undefined, toId: string | undefined) {
  return useQuery({
    queryKey: ['version-diff', fromId, toId] as const,
    queryFn: ({ signal }) => getVersionDiff(fromId ?? '', toId ?? '', signal),
    enabled: Boolean(fromId && toId),
    // A version's template never changes: a diff stays true.
    staleTime: Infinity,
  });
}
