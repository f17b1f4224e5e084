import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';

/** The answer is base64 text, bare or as `{kubeconfig}` (or `{data}`); this returns the decoded yaml. */
export function decodeKubeconfig(data: unknown): string {
  let encoded: unknown = data;
  if (typeof data === 'object' && data !== null) {
    const record = data as Record<string, unknown>;
    encoded = record.kubeconfig ?? record.config ?? record.data;
  }
  if (typeof encoded !== 'string') throw new Error('No kubeconfig in the answer');
  const trimmed = encoded.trim().replace(/^"|"$/g, '');
  const binary = atob(trimmed);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** GET /cluster/clusters/{smartClusterUuid}/config with header x-provider-id: the member's datacenter. */
export async function getKubeconfig(smartClusterUuid: string, datacenterUuid: string) {
  const data = await apiClient.get<unknown>(
    `${apiPaths.cluster}/clusters/${encodeURIComponent(smartClusterUuid)}/config`,
    { headers: { 'x-provider-id': datacenterUuid } },
  );
  return decodeKubeconfig(data);
}
