import type { Deployment } from '@meridian/domain/apps/app-api';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';

/** GET /certificate/deployments/{deploymentId}/pem: the certificate chain as PEM text. */
export async function getCertificatePem(deploymentId: string): Promise<string> {
  const data = await apiClient.get<unknown>(
    `${apiPaths.certificate}/deployments/${encodeURIComponent(deploymentId)}/pem`,
    { headers: { Accept: 'application/x-pem-file, text/plain, */*' } },
  );
  if (typeof data === 'string') return data;
  // Tolerate a JSON wrapper ({pem}) should the server ever send one.
  const pem = (data as { pem?: unknown } | null)?.pem;
  return typeof pem === 'string' ? pem : '';
}

/** `<first domain name>.pem`, or the deployment's UUID when it has no name. */
export function certificateFileName(deployment: Pick<Deployment, 'uuid' | 'domain_names'>): string {
  return `${deployment.domain_names[0] ?? deployment.uuid}.pem`;
}
