import {
  monitoringPasswordRotatedSchema,
  type MonitoringPasswordRotated,
} from '@meridian/domain/clusters/cluster-credentials';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';

/** POST /cluster/clusters/{id}/monitoring_password: a generated password, answered this once. */
export function rotateMonitoringPassword(
  smartClusterUuid: string,
): Promise<MonitoringPasswordRotated> {
  return apiClient.post(
    `${apiPaths.cluster}/clusters/${encodeURIComponent(smartClusterUuid)}/monitoring_password`,
    undefined,
    { schema: monitoringPasswordRotatedSchema },
  );
}

export function useRotateMonitoringPassword() {
  return useMutation({ mutationFn: rotateMonitoringPassword });
}
