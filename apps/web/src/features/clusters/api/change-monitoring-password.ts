import {
  credentialsChangedSchema,
  type MonitoringPasswordChange,
} from '@meridian/domain/clusters/cluster-credentials';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';

/** PUT /cluster/clusters/{id}/monitoring_password: the monitoring pages ask for the new one. */
export function changeMonitoringPassword(
  smartClusterUuid: string,
  body: MonitoringPasswordChange,
): Promise<undefined> {
  return apiClient.put(
    `${apiPaths.cluster}/clusters/${encodeURIComponent(smartClusterUuid)}/monitoring_password`,
    body,
    { schema: credentialsChangedSchema },
  );
}

export function useChangeMonitoringPassword(smartClusterUuid: string) {
  return useMutation({
    mutationFn: (body: MonitoringPasswordChange) =>
      changeMonitoringPassword(smartClusterUuid, body),
  });
}
