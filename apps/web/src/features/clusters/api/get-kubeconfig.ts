import { kubeconfigDownloadSchema, providerIdHeader } from '@meridian/domain/clusters/cluster-api';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';

/** The answer is the kubeconfig YAML in base64; this returns the YAML, read as UTF-8. */
export function decodeKubeconfig(encoded: string): string {
  const binary = atob(encoded.trim());
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** GET /cluster/clusters/{smartClusterUuid}/config with header x-provider-id: the member's datacenter. */
export async function getKubeconfig(smartClusterUuid: string, datacenterUuid: string) {
  const encoded = await apiClient.get(
    `${apiPaths.cluster}/clusters/${encodeURIComponent(smartClusterUuid)}/config`,
    { headers: { [providerIdHeader]: datacenterUuid }, schema: kubeconfigDownloadSchema },
  );
  return decodeKubeconfig(encoded);
}
