import type { CpuPool } from '../../platform/cpu-pool';
import type { DatabaseHandle } from '../../platform/db/database';
import type { DriverRegistry } from '../../platform/drivers/infrastructure-driver';
import type { ClusterEndpointPolicy } from '../../platform/drivers/kubernetes/cluster-endpoint-guard';
import type { App } from '../../platform/http/http-app';
import type { JobQueue } from '../../platform/jobs/job-queue';
import type { SecretBox } from '../../platform/secret-box';
import { createClusterContext } from './cluster-context';
import type { DeploymentsOnSmartClusters } from './clusters.public';
import { clusterJobs } from './cluster/cluster.jobs';
import {
  defaultReplanSettings,
  replanJob,
  scheduleReplan,
  type ReplanSettings,
} from './cluster/cluster.replan';
import { replacementJob } from './cluster/cluster.replace';
import { clusterRoutes } from './cluster/cluster.routes';
import { placementPreviewRoutes } from './cluster/placement-preview.routes';
import { readKubeconfigTask } from './cluster/cluster.service';
import { seedDatacenters } from './cluster/datacenter-seed';

export interface ClusterModuleOptions {
  jobs: JobQueue;
  drivers: DriverRegistry;
  secrets: SecretBox;
  externalProbeTimeoutMs?: number;
  /** Which addresses an uploaded cluster's API may have; unset, public ones only. */
  endpointPolicy?: ClusterEndpointPolicy;
  /** The clock operations and billing periods are stamped with; tests move it. */
  now?: () => Date;
  /** Re-placement of AUTOMATIC smart clusters on their traffic; tests and e2e shorten it. */
  replacement?: Partial<ReplanSettings>;
  cpu: CpuPool;
  /** The apps deployed on its smart clusters (the apps context's). */
  deployments: DeploymentsOnSmartClusters;
}

/** Wires the smart-cluster module: the datacenter seed, its jobs, re-placement rounds, `/cluster` and the placement preview. */
export async function registerClusterModule(
  app: App,
  database: Pick<DatabaseHandle, 'db' | 'driver'>,
  options: ClusterModuleOptions,
): Promise<void> {
  await seedDatacenters(database.db);
  const { replacement, ...contextOptions } = options;
  const context = createClusterContext({ db: database.db, ...contextOptions });
  context.cpu.preload(readKubeconfigTask);
  const replan = { ...defaultReplanSettings, ...replacement };
  options.jobs.define(...clusterJobs(context), replacementJob(context), replanJob(context, replan));
  // Once the queue runs; a no-op when another process or an earlier run already queued it.
  app.addHook('onReady', () => scheduleReplan(context, replan, new Date()));
  await app.register(clusterRoutes, { prefix: '/cluster', context });
  await app.register(placementPreviewRoutes, { prefix: '/intelligence', context });
}
