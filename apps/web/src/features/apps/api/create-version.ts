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
  /** The version whose secret values a Basic template's `keep` refers to (default: the newest). */
  fromVersionUuid?: string | undefined;
}

/** POST /meridian/v1/kube/apps/{appId}/versions (multipart). */
export function createVersion(request: CreateVersionRequest): Promise<Version> {
  const form = new FormData();
  form.append('name', request.name.trim());
  appendTemplate(form, request.name, request.template);
  const keeps =
    request.template.type === 'KUBERNETES_BASIC' &&
    (request.template.settings.secrets ?? []).some((secret) => secret.keep === true);
  if (keeps && request.fromVersionUuid) {
    form.append('from_version_uuid', request.fromVersionUuid);
  }
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
