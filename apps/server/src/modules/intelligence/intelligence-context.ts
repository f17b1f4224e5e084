import { z } from 'zod';
import type { Database } from '../../platform/db/database';
import type { DriverRegistry } from '../../platform/drivers/infrastructure-driver';
import type { JobSender } from '../../platform/jobs/job-queue';
import { defaultMetricsRetentionMs } from './deployment-metrics';

/** One sampling round of every deployment's traffic; `slot` numbers it on the interval's grid. */
export const sampleTrafficJobSchema = z.object({
  kind: z.literal('sample-traffic'),
  slot: z.number().int().nonnegative(),
});
export type IntelligenceJob = z.infer<typeof sampleTrafficJobSchema>;

export const defaultTrafficSampleIntervalMs = 10_000;

/** What the traffic round and the traffic figures share: storage, the round's queue, drivers, clock. */
export interface IntelligenceContext {
  db: Database;
  jobs: JobSender<IntelligenceJob>;
  drivers: DriverRegistry;
  /** How often traffic is sampled (MERIDIAN_TRAFFIC_SAMPLE_SECONDS). */
  sampleIntervalMs: number;
  /** How long deployment metrics are kept (MERIDIAN_METRICS_RETENTION_HOURS); each round prunes. */
  metricsRetentionMs: number;
  now: () => Date;
}

export function createIntelligenceContext(
  options: Omit<IntelligenceContext, 'sampleIntervalMs' | 'metricsRetentionMs' | 'now'> &
    Partial<Pick<IntelligenceContext, 'sampleIntervalMs' | 'metricsRetentionMs' | 'now'>>,
): IntelligenceContext {
  return {
    ...options,
    // `??`, not spread defaults: an option passed as undefined must not erase its default.
    sampleIntervalMs: options.sampleIntervalMs ?? defaultTrafficSampleIntervalMs,
    metricsRetentionMs: options.metricsRetentionMs ?? defaultMetricsRetentionMs,
    now: options.now ?? (() => new Date()),
  };
}
