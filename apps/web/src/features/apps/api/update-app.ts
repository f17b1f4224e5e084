import type { App } from '@meridian/domain/apps/app-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { appsQueryKey } from '../../../shared/api/apps-list';

function isApp(data: unknown, appId: string): data is App {
  const app = data as Partial<App> | null;
  return (
    typeof app === 'object' &&
    app !== null &&
    app.uuid === appId &&
    Array.isArray(app.versions) &&
    Array.isArray(app.deployments)
  );
}

export type AppUpdate = { name: string } | { description: string };

/** PUT /meridian/v1/kube/apps/{appId}: multipart with the one field that changed (spec §7). */
export function updateApp(appId: string, change: AppUpdate): Promise<unknown> {
  const form = new FormData();
  for (const [field, value] of Object.entries(change)) form.append(field, value);
  return apiClient.put<unknown>(`${apiPaths.kube}/apps/${encodeURIComponent(appId)}`, form);
}

/** Spec §4: an updated app replaces the one with the same uuid, then the list is refetched. */
export function useUpdateApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ appId, change }: { appId: string; change: AppUpdate }) =>
      updateApp(appId, change),
    onSuccess: (data, { appId, change }) => {
      // The server answers the updated app; an older one answering nothing still gets the change.
      const updated = isApp(data, appId) ? data : undefined;
      queryClient.setQueryData<App[]>(appsQueryKey, (list) =>
        list?.map((app) => (app.uuid === appId ? (updated ?? { ...app, ...change }) : app)),
      );
      void queryClient.invalidateQueries({ queryKey: appsQueryKey });
    },
  });
}
