import { appSchema, type App } from '@meridian/domain/apps/app-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { appsQueryKey, updateCachedApps } from '../../../shared/api/apps-list';

export type AppUpdate = { name: string } | { description: string };

/** PUT /meridian/v1/kube/apps/{appId}: multipart with the one field that changed; answers the app. */
export function updateApp(appId: string, change: AppUpdate): Promise<App> {
  const form = new FormData();
  for (const [field, value] of Object.entries(change)) form.append(field, value);
  return apiClient.put(`${apiPaths.kube}/apps/${encodeURIComponent(appId)}`, form, {
    schema: appSchema,
  });
}

/** Spec "States and transitions": an updated app replaces the one with the same uuid, then the list is refetched. */
export function useUpdateApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ appId, change }: { appId: string; change: AppUpdate }) =>
      updateApp(appId, change),
    onSuccess: (updated, { appId }) => {
      updateCachedApps(queryClient, (app) => (app.uuid === appId ? updated : app));
      void queryClient.invalidateQueries({ queryKey: appsQueryKey });
    },
  });
}
