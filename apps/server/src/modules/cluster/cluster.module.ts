import type { App } from '../../app';
import type { DatabaseHandle } from '../../platform/db/database';
import {
  createDriverRegistry,
  type DriverRegistryOptions,
} from '../../platform/drivers/driver-registry';
import type { DriverRegistry } from '../../platform/drivers/infrastructure-driver';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { createSecretBox, loadSecretKey, type SecretBox } from '../../platform/secret-box';
import { createClusterContext } from './cluster-context';
import { clusterJobs } from './cluster.jobs';
import { clusterRoutes } from './cluster.routes';
import { seedDatacenters } from './datacenter-seed';

export interface ClusterModuleOptions extends DriverRegistryOptions {
  /** MERIDIAN_SECRET_KEY; without it the key lives in `<dataDir>/secret.key`. */
  secretKey?: string;
  dataDir?: string;
  jobs: JobQueue;
  externalProbeTimeoutMs?: number;
  /** The clock operations and billing periods are stamped with; tests move it. */
  now?: () => Date;
}

/** Wires the smart-cluster module: seed, drivers, its jobs and the `/cluster` routes. */
export async function registerClusterModule(
  app: App,
  database: Pick<DatabaseHandle, 'db' | 'driver'>,
  options: ClusterModuleOptions,
): Promise<{ drivers: DriverRegistry; secrets: SecretBox }> {
  await seedDatacenters(database.db);
  const secrets = createSecretBox(
    await loadSecretKey({ secretKey: options.secretKey, dataDir: options.dataDir }),
  );
  const drivers = createDriverRegistry(options);
  const context = createClusterContext({
    db: database.db,
    jobs: options.jobs,
    drivers,
    secrets,
    externalProbeTimeoutMs: options.externalProbeTimeoutMs,
    now: options.now,
  });
  options.jobs.define(...clusterJobs(context));
  await app.register(clusterRoutes, { prefix: '/cluster', context });
  // The apps module deploys onto the same infrastructure with the same keys.
  return { drivers, secrets };
}
