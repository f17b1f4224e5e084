import type { App } from '../../app';
import type { DatabaseHandle } from '../../db/database';
import type { DriverRegistry } from '../../drivers/infrastructure-driver';
import { startJobQueue, type JobQueueOptions } from '../../jobs/job-queue';
import type { SecretBox } from '../../lib/secret-box';
import { intelligenceDeploymentRoutes, kubeRoutes, versionDeploymentRoutes } from './kube.routes';
import { createKubeService, kubeJobKinds, type KubeJob } from './kube.service';

export interface KubeModuleOptions {
  drivers: DriverRegistry;
  secrets: SecretBox;
  jobs?: JobQueueOptions;
  /** The clock operations and billing periods are stamped with; tests move it. */
  now?: () => Date;
}

/**
 * Wires the apps module: its jobs (stopped with the app) and routes under `/meridian/v1/kube`,
 * plus the two calls the spec places under other prefixes (`/cluster/clusters/versions` and the
 * CI/CD `/intelligence/clusters/…/deployment/…`), which only drive apps.
 */
export async function registerKubeModule(
  app: App,
  database: Pick<DatabaseHandle, 'db' | 'driver'>,
  options: KubeModuleOptions,
): Promise<void> {
  const service = createKubeService({
    db: database.db,
    drivers: options.drivers,
    secrets: options.secrets,
    now: options.now,
  });
  const queue = await startJobQueue<KubeJob>(database.driver, kubeJobKinds, service.jobHandlers, {
    onError: (error) => app.log.warn({ err: error }, 'apps job failed'),
    ...options.jobs,
  });
  service.attachQueue(queue);
  app.addHook('onClose', () => queue.stop());
  await app.register(kubeRoutes, { prefix: '/meridian/v1/kube', service });
  await app.register(versionDeploymentRoutes, { prefix: '/cluster', service });
  await app.register(intelligenceDeploymentRoutes, { prefix: '/intelligence', service });
}
