import { lazy, Suspense } from 'react';
import type { DeploymentLogsCardProps } from './deployment-logs-card';

// The viewer (virtual list, live tail) loads only on a Kubernetes deployment's page.
const DeploymentLogsCard = lazy(() =>
  import('./deployment-logs-card').then((module) => ({ default: module.DeploymentLogsCard })),
);

/** The deployment's log viewer, fetched on first use. */
export function LazyDeploymentLogs(props: DeploymentLogsCardProps) {
  return (
    <Suspense fallback={null}>
      <DeploymentLogsCard {...props} />
    </Suspense>
  );
}
