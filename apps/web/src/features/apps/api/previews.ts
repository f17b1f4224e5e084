import { previewListSchema } from '@meridian/domain/apps/preview';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { appsQueryKey } from '../../../shared/api/apps-list';

/** Under ['apps']: a preview's PREVIEW_* events (category APP) refresh it with the app. */
export const previewsQueryKey = (appId: string) => [...appsQueryKey, 'previews', appId] as const;

/** GET …/apps/{appId}/previews: the app's pull-request previews, newest request first. */
export function usePreviews(appId: string, enabled: boolean) {
  return useQuery({
    queryKey: previewsQueryKey(appId),
    queryFn: ({ signal }) =>
      apiClient.get(`${apiPaths.kube}/apps/${encodeURIComponent(appId)}/previews`, {
        signal,
        schema: previewListSchema,
      }),
    enabled,
  });
}
