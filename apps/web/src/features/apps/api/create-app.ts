import { appSchema } from '@meridian/domain/apps/app-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import type { App, TemplateSource } from '../app.types';
import { appsQueryKey } from '../../../shared/api/apps-list';

/**
 * The template parts of an app or version upload (spec "The calls it makes"): Basic settings travel as a JSON
 * string named after the app or version, the other kinds as the uploaded file under its own name;
 * flavor (lower-case) and volume type (upper-case) only for Heat.
 */
export function appendTemplate(form: FormData, baseName: string, source: TemplateSource): void {
  form.append('template_type', source.type);
  if (source.type === 'KUBERNETES_BASIC') {
    form.append('template', JSON.stringify(source.settings));
    form.append('template_name', `${baseName.trim()}.yaml`);
    return;
  }
  form.append('template', source.file, source.file.name);
  form.append('template_name', source.file.name);
  if (source.type === 'HEAT') {
    form.append('flavor_name', source.flavor.toLowerCase());
    form.append('volume_type', source.volumeType.toUpperCase());
  }
}

export interface CreateAppRequest {
  name: string;
  description?: string;
  versionName: string;
  smartClusterUuid: string;
  template: TemplateSource;
}

/** POST /meridian/v1/kube/apps (multipart). */
export function createApp(request: CreateAppRequest): Promise<App> {
  const form = new FormData();
  form.append('name', request.name.trim());
  const description = request.description?.trim();
  if (description) form.append('description', description);
  form.append('version_name', request.versionName.trim());
  form.append('smart_cluster_uuid', request.smartClusterUuid);
  appendTemplate(form, request.name, request.template);
  return apiClient.post(`${apiPaths.kube}/apps`, form, { schema: appSchema });
}

/** Spec "States and transitions": on success the app list is fetched again (the new app arrives with its deployment). */
export function useCreateApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApp,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: appsQueryKey });
    },
  });
}
