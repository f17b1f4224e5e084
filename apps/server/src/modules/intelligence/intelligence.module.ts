import type { App } from '../../platform/http/http-app';
import { registerSignedInRoutes } from '../../platform/http/signed-in-routes';
import type { Platform } from '../../platform/platform';
import { createIntelligenceContext } from './intelligence-context';
import { intelligenceRoutes } from './intelligence.routes';
import { placementTask } from './placement';
import { scheduleNextSampling, trafficSamplingJob } from './traffic-sampling';

export interface IntelligenceSettings {
  /** How often traffic is sampled (MERIDIAN_TRAFFIC_SAMPLE_SECONDS); tests and e2e shorten it. */
  trafficSampleIntervalMs?: number;
  /** How long deployment metrics are kept (MERIDIAN_METRICS_RETENTION_HOURS). */
  metricsRetentionMs?: number;
}

/**
 * The intelligence context: `/intelligence/traffic` and the durable sampling round. This
 * process queues the next round on start (a no-op when another process or an earlier run
 * already has), and each round queues the one after, so sampling goes on across restarts.
 */
export async function registerIntelligence(
  app: App,
  platform: Platform,
  settings: IntelligenceSettings = {},
): Promise<void> {
  const context = createIntelligenceContext({
    db: platform.database.db,
    jobs: platform.jobs,
    drivers: platform.drivers,
    sampleIntervalMs: settings.trafficSampleIntervalMs,
    metricsRetentionMs: settings.metricsRetentionMs,
    now: platform.now,
  });
  platform.cpu.preload(placementTask);
  platform.jobs.define(trafficSamplingJob(context));
  // Once the queue runs (it starts before the app is ready).
  app.addHook('onReady', () => scheduleNextSampling(context, platform.now()));
  await registerSignedInRoutes(app, async (scope) => {
    await scope.register(intelligenceRoutes, { prefix: '/intelligence', context });
  });
}
