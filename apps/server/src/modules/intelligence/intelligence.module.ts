import type { CpuPool } from '../../platform/cpu-pool';
import type { App } from '../../platform/http/http-app';
import type { DatabaseHandle } from '../../platform/db/database';
import type { DriverRegistry } from '../../platform/drivers/infrastructure-driver';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { intelligenceRoutes } from './intelligence.routes';
import { createIntelligenceService, type IntelligenceService } from './intelligence.service';

export interface IntelligenceModuleOptions {
  drivers: DriverRegistry;
  jobs: JobQueue;
  /** How often traffic is sampled; tests and e2e shorten it. */
  trafficSampleIntervalMs?: number;
  /** How long deployment metrics are kept (MERIDIAN_METRICS_RETENTION_HOURS). */
  metricsRetentionMs?: number;
  now?: () => Date;
  /** Where placement previews are searched, off the event loop. */
  cpu: CpuPool;
}

/**
 * Wires `/intelligence/traffic` and the durable sampling round: this process queues the next
 * round on start (a no-op when another process or an earlier run already has), and each round
 * queues the one after, so sampling goes on across restarts.
 */
export async function registerIntelligenceModule(
  app: App,
  database: Pick<DatabaseHandle, 'db' | 'driver'>,
  options: IntelligenceModuleOptions,
): Promise<IntelligenceService> {
  const service = createIntelligenceService({
    db: database.db,
    jobs: options.jobs,
    drivers: options.drivers,
    sampleIntervalMs: options.trafficSampleIntervalMs,
    metricsRetentionMs: options.metricsRetentionMs,
    now: options.now,
  });
  options.jobs.define(...service.jobDefinitions);
  // Once the queue runs (it starts before the app is ready).
  app.addHook('onReady', () => service.scheduleNextRound(options.now?.() ?? new Date()));
  await app.register(intelligenceRoutes, {
    prefix: '/intelligence',
    service,
    cpu: options.cpu,
  });
  return service;
}
