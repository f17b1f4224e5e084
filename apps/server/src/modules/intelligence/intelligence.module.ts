import type { App } from '../../app';
import type { DatabaseHandle } from '../../db/database';
import type { DriverRegistry } from '../../drivers/infrastructure-driver';
import { startJobQueue, type JobQueueOptions } from '../../jobs/job-queue';
import { intelligenceRoutes } from './intelligence.routes';
import {
  createIntelligenceService,
  intelligenceJobKinds,
  type IntelligenceJob,
  type IntelligenceService,
} from './intelligence.service';

export interface IntelligenceModuleOptions {
  drivers: DriverRegistry;
  jobs?: JobQueueOptions;
  /** How often traffic is sampled; tests and e2e shorten it. */
  trafficSampleIntervalMs?: number;
  now?: () => Date;
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
    drivers: options.drivers,
    sampleIntervalMs: options.trafficSampleIntervalMs,
    now: options.now,
  });
  const queue = await startJobQueue<IntelligenceJob>(
    database.driver,
    intelligenceJobKinds,
    service.jobHandlers,
    {
      onError: (error) => app.log.warn({ err: error }, 'traffic sampling failed'),
      ...options.jobs,
    },
  );
  service.attachQueue(queue);
  app.addHook('onClose', () => queue.stop());
  await service.scheduleNextRound(options.now?.() ?? new Date());
  await app.register(intelligenceRoutes, { prefix: '/intelligence', service });
  return service;
}
