import type { ClusterEndpointPolicy } from '../../platform/outbound-guard';
import type { App } from '../../platform/http/http-app';
import { registerSignedInRoutes } from '../../platform/http/signed-in-routes';
import type { Platform } from '../../platform/platform';
import { createClusterContext } from './cluster-context';
import { clusterJobs } from './cluster/cluster.jobs';
import {
  defaultReplanSettings,
  replanJob,
  scheduleReplan,
  type ReplanSettings,
} from './cluster/cluster.replan';
import { replacementJob } from './cluster/cluster.replace';
import { clusterRoutes } from './cluster/cluster.routes';
import { clusterTransferRoutes } from './cluster/cluster-transfer.routes';
import { readKubeconfigTask } from './cluster/cluster.service';
import { seedDatacenters } from './cluster/datacenter-seed';
import { placementPreviewRoutes } from './cluster/placement-preview.routes';
import type { DeploymentsOnSmartClusters } from './clusters.public';
import { createMonitoringContext } from './monitoring/monitoring-context';
import { monitoringRoutes } from './monitoring/monitoring.routes';

export interface ClustersSettings {
  /** The apps deployed on its smart clusters: the apps context's, handed over by app.ts. */
  deployments: DeploymentsOnSmartClusters;
  /** How long the `/version` check of an external cluster waits. */
  externalProbeTimeoutMs?: number;
  /** Which addresses an uploaded cluster's API may have; unset, public ones only. */
  endpointPolicy?: ClusterEndpointPolicy;
  /** Re-placement of AUTOMATIC smart clusters on their traffic; tests and e2e shorten it. */
  replacement?: Partial<ReplanSettings>;
}

/**
 * The clusters context: the datacenter seed, smart and member clusters with their jobs and
 * re-placement rounds under `/cluster`, the placement preview under `/intelligence`, and each
 * member cluster's monitoring page under `/monitoring` (behind its own password).
 */
export async function registerClusters(
  app: App,
  platform: Platform,
  settings: ClustersSettings,
): Promise<void> {
  const { database, jobs, drivers, secrets, now, cpu } = platform;
  await seedDatacenters(database.db);
  const { replacement, ...contextSettings } = settings;
  const context = createClusterContext({
    db: database.db,
    jobs,
    drivers,
    secrets,
    now,
    cpu,
    ...contextSettings,
  });
  cpu.preload(readKubeconfigTask);
  const replan = { ...defaultReplanSettings, ...replacement };
  jobs.define(...clusterJobs(context), replacementJob(context), replanJob(context, replan));
  // Once the queue runs; a no-op when another process or an earlier run already queued it.
  app.addHook('onReady', () => scheduleReplan(context, replan, new Date()));
  await registerSignedInRoutes(app, async (scope) => {
    await scope.register(clusterRoutes, { prefix: '/cluster', context });
    await scope.register(clusterTransferRoutes, { prefix: '/cluster', context });
    await scope.register(placementPreviewRoutes, { prefix: '/intelligence', context });
  });
  await app.register(monitoringRoutes, {
    prefix: '/monitoring',
    context: createMonitoringContext(context, platform.loginThrottle),
  });
}
