import { versionSchema } from '@meridian/domain/apps/app-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import type { TemplateSource, Version } from '../app.types';
import { appendTemplate } from './create-app';
import { appsQueryKey } from '../../../shared/api/apps-list';

export interface CreateVersionRequest {
  appUuid: string;
  name: string;
  template: TemplateSource;
}

/** POST /meridian/v1/kube/apps/{appId}/versions (multipart). */
export function createVersion(request: CreateVersionRequest): Promise<Version> {
  const form = new FormData();
  form.append('name', request.name.trim());
  appendTemplate(form, request.name, request.template);
  return apiClient.post(
    `${apiPaths.kube}/apps/${encodeURIComponent(request.appUuid)}/versions`,
    form,
    { schema: versionSchema },
  );
}

/** Spec "States and transitions": a new version refreshes the app list, which carries the versions. */
export function useCreateVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVersion,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: appsQueryKey });
    },
  });
}
