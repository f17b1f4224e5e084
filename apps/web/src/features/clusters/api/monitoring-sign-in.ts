import {
  monitoringSignInLinkSchema,
  type MonitoringSignInLink,
} from '@meridian/domain/clusters/cluster-credentials';
import { useMutation } from '@tanstack/react-query';
import { apiBaseUrl, apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';

/** POST /monitoring/clusters/{clusterId}/sign_in_link: a link that opens the page once, signed in. */
export function monitoringSignInLink(clusterUuid: string): Promise<MonitoringSignInLink> {
  return apiClient.post(
    `${apiPaths.monitoring}/clusters/${encodeURIComponent(clusterUuid)}/sign_in_link`,
    undefined,
    { schema: monitoringSignInLinkSchema },
  );
}

/** The link as the browser opens it: on the control plane's origin, which sets the cookie. */
export function signInAddress(link: MonitoringSignInLink): string {
  return new URL(link.url, apiBaseUrl || window.location.origin).toString();
}

export function useMonitoringSignIn() {
  return useMutation({ mutationFn: monitoringSignInLink });
}
