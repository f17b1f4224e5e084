import type { DatabaseHandle } from '../../platform/db/database';
import type { DriverRegistry } from '../../platform/drivers/infrastructure-driver';
import type { App } from '../../platform/http/http-app';
import type { JobQueue } from '../../platform/jobs/job-queue';
import type { SecretBox } from '../../platform/secret-box';
import { createClusterContext } from './cluster-context';
import { clusterJobs } from './cluster.jobs';
import { replacementJob } from './cluster.replace';
import { clusterRoutes } from './cluster.routes';
import { seedDatacenters } from './datacenter-seed';

export interface ClusterModuleOptions {
  jobs: JobQueue;
  drivers: DriverRegistry;
  secrets: SecretBox;
  externalProbeTimeoutMs?: number;
  /** The clock operations and billing periods are stamped with; tests move it. */
  now?: () => Date;
}

/** Wires the smart-cluster module: the datacenter seed, its jobs and the `/cluster` routes. */
export async function registerClusterModule(
  app: App,
  database: Pick<DatabaseHandle, 'db' | 'driver'>,
  options: ClusterModuleOptions,
): Promise<void> {
  await seedDatacenters(database.db);
  const context = createClusterContext({ db: database.db, ...options });
  options.jobs.define(...clusterJobs(context), replacementJob(context));
  await app.register(clusterRoutes, { prefix: '/cluster', context });
}
