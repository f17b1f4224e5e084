import type { App } from '../../app';
import type { DatabaseHandle } from '../../db/database';
import type { DriverRegistry, InfrastructureDriver } from '../../drivers/infrastructure-driver';
import {
  KubernetesDriver,
  type KubernetesDriverOptions,
} from '../../drivers/kubernetes/kubernetes-driver';
import { SimulatorDriver, type SimulatorOptions } from '../../drivers/simulator/simulator-driver';
import { startJobQueue, type JobQueueOptions } from '../../jobs/job-queue';
import { createSecretBox, loadSecretKey, type SecretBox } from '../../lib/secret-box';
import { clusterRoutes } from './cluster.routes';
import { clusterJobKinds, createClusterService, type ClusterJob } from './cluster.service';
import { seedDatacenters } from './datacenter-seed';

export interface ClusterModuleOptions {
  simulator: SimulatorOptions;
  /** MERIDIAN_SECRET_KEY; without it the key lives in `<dataDir>/secret.key`. */
  secretKey?: string;
  dataDir?: string;
  jobs?: JobQueueOptions;
  externalProbeTimeoutMs?: number;
  /** Readiness waits of deployments on external clusters; tests shorten them. */
  kubernetes?: KubernetesDriverOptions;
  /** Drivers by name, added to (or replacing) the simulator (tests, other infrastructures). */
  drivers?: ReadonlyMap<string, InfrastructureDriver>;
  /** The clock operations and billing periods are stamped with; tests move it. */
  now?: () => Date;
}

/** Wires the smart-cluster module: seed, drivers, jobs (stopped with the app), `/cluster` routes. */
export async function registerClusterModule(
  app: App,
  database: Pick<DatabaseHandle, 'db' | 'driver'>,
  options: ClusterModuleOptions,
): Promise<{ drivers: DriverRegistry; secrets: SecretBox }> {
  await seedDatacenters(database.db);
  const secrets = createSecretBox(
    await loadSecretKey({ secretKey: options.secretKey, dataDir: options.dataDir }),
  );
  const drivers = new Map<string, InfrastructureDriver>([
    ['simulator', new SimulatorDriver(options.simulator)],
    // External clusters: deployments go through the cluster's own API with its kubeconfig.
    ['external', new KubernetesDriver(options.kubernetes)],
    ...(options.drivers ?? []),
  ]);
  const service = createClusterService({
    db: database.db,
    drivers,
    secrets,
    externalProbeTimeoutMs: options.externalProbeTimeoutMs,
    now: options.now,
  });
  const queue = await startJobQueue<ClusterJob>(
    database.driver,
    clusterJobKinds,
    service.jobHandlers,
    {
      onError: (error) => app.log.warn({ err: error }, 'cluster job failed'),
      ...options.jobs,
    },
  );
  service.attachQueue(queue);
  app.addHook('onClose', () => queue.stop());
  await app.register(clusterRoutes, { prefix: '/cluster', service });
  // The apps module deploys onto the same infrastructure with the same keys.
  return { drivers, secrets };
}
