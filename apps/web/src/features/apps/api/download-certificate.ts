import type { Deployment } from '@meridian/domain/apps/app-api';
import { z } from 'zod';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';

/** GET /certificate/deployments/{deploymentId}/pem: the certificate chain as PEM text. */
export function getCertificatePem(deploymentId: string): Promise<string> {
  return apiClient.get(
    `${apiPaths.certificate}/deployments/${encodeURIComponent(deploymentId)}/pem`,
    { headers: { Accept: 'application/x-pem-file, text/plain, */*' }, schema: z.string() },
  );
}

/** `<first domain name>.pem`, or the deployment's UUID when it has no name. */
export function certificateFileName(deployment: Pick<Deployment, 'uuid' | 'domain_names'>): string {
  return `${deployment.domain_names[0] ?? deployment.uuid}.pem`;
}
