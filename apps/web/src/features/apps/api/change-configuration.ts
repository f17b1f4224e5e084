import {
  configurationChangeResultSchema,
  type ConfigurationChangeResult,
} from '@meridian/domain/apps/rollout';
import type { BasicTemplateSettings } from '@meridian/domain/apps/basic-template';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { appsQueryKey } from '../../../shared/api/apps-list';

export interface ConfigurationChange {
  versionId: string;
  /** The new version's name; the server picks the next free `v<n>` without one. */
  name?: string | undefined;
  settings: BasicTemplateSettings;
  /** How long each location bakes; the server's default (60 s) without one. */
  bakeSeconds?: number | undefined;
}

/**
 * POST /meridian/v1/kube/apps/versions/{versionId}/configuration (issue 36): the next version
 * made from this one with these settings (a secret may be `{name, keep: true}`), rolled out
 * wherever this one runs.
 */
export function changeConfiguration(
  change: ConfigurationChange,
): Promise<ConfigurationChangeResult> {
  const name = change.name?.trim();
  return apiClient.post(
    `${apiPaths.kube}/apps/versions/${encodeURIComponent(change.versionId)}/configuration`,
    {
      ...(name ? { name } : {}),
      settings: change.settings,
      ...(change.bakeSeconds === undefined ? {} : { bake_seconds: change.bakeSeconds }),
    },
    { schema: configurationChangeResultSchema },
  );
}

export function useChangeConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeConfiguration,
    // The app (its new version), its rollouts (appRolloutsQueryKey) and history: all under ['apps'].
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appsQueryKey }),
  });
}
