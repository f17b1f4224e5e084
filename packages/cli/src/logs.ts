import { deploymentLogsSchema, type DeploymentLogs } from '@meridian/domain/apps/deployment-logs';
import type { MeridianApi } from './meridian-api';

/** `GET …/apps/deployment/{id}/logs`: the server checks tail and location and says what is wrong. */
export function readDeploymentLogs(
  api: MeridianApi,
  { deploymentId, tail, location }: { deploymentId: string; tail?: string; location?: string },
): Promise<DeploymentLogs> {
  const query = new URLSearchParams();
  if (tail !== undefined) query.set('tail', tail);
  if (location !== undefined) query.set('location', location);
  const search = query.size ? `?${query.toString()}` : '';
  return api(
    `/meridian/v1/kube/apps/deployment/${encodeURIComponent(deploymentId)}/logs${search}`,
    {
      schema: deploymentLogsSchema,
    },
  );
}

/** One line each, as `kubectl logs --timestamps --prefix` prints them: time, pod, text. */
export function logOutputLines(logs: DeploymentLogs): string[] {
  if (logs.lines.length === 0) return [`No log lines yet in ${logs.location}.`];
  return logs.lines.map((line) => `${line.at} ${line.pod} ${line.text}`);
}
