import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';

/** GET /meridian/v1/kube/apps/versions/{versionId}/template: the template text as uploaded. */
export async function getVersionTemplate(versionId: string): Promise<string> {
  const data = await apiClient.get<unknown>(
    `${apiPaths.kube}/apps/versions/${encodeURIComponent(versionId)}/template`,
    { headers: { Accept: 'text/plain, application/yaml, */*' } },
  );
  // A JSON template (a Heat template may be one) arrives parsed; save it as text again.
  return typeof data === 'string' ? data : JSON.stringify(data, null, 2);
}
