import { z } from 'zod';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';

/** GET /meridian/v1/kube/apps/versions/{versionId}/template: the template text as uploaded. */
export function getVersionTemplate(versionId: string): Promise<string> {
  return apiClient.get(`${apiPaths.kube}/apps/versions/${encodeURIComponent(versionId)}/template`, {
    headers: { Accept: 'text/plain, application/yaml, */*' },
    schema: z.string(),
  });
}
