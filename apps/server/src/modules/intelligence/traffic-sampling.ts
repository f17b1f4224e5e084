import { setImmediate } from 'node:timers/promises';
import { pMapIterable } from 'p-map';
import { trafficEventType } from '@meridian/domain/events/event-catalogue';
import type { Database } from '../../platform/db/database';
import { defineJob } from '../../platform/jobs/job-queue';
import { scheduleNextRound, spacedAfter } from '../../platform/jobs/periodic-round';
import { recordEvent } from '../account/account.public';
import { deleteMetricsBefore, insertDeploymentMetrics } from './deployment-metrics.queries';
import {
  sampleTrafficJobSchema,
  type IntelligenceContext,
  type IntelligenceJob,
} from './intelligence-context';
import {
  addTrafficOrigins,
  deleteTrafficEvents,
  pruneTrafficOrigins,
} from './intelligence.queries';
import { addTrafficSamples, listTrafficSources, pruneTrafficHours } from './traffic-hours.queries';
import { groupByCluster, observeCluster, type ObservedSample } from './traffic-observation';

/**
 * The sampling round (`sample-traffic`, a periodic durable job every sample interval): what the
 * drivers report goes into `traffic_hours`, `traffic_origins` and the deployment metrics.
 */

/** Placement reads the last hours of where users are, the figures the last day: older hours are forgotten. */
const trafficKeptMs = 48 * 3_600_000;

/** Queues the next round on the interval's grid after `after` (once, whoever asks). */
export function scheduleNextSampling(context: IntelligenceContext, after: Date): Promise<void> {
  return scheduleNextRound(context.jobs, 'sample-traffic', context.sampleIntervalMs, after);
}

/**
 * At most this share of the time goes to sampling (spacedAfter): on a large install a round every
 * 10 s would keep the server busy. A later round counts the longer window, so no traffic is lost,
 * only seen later (docs/scale.md "Capacity").
 */
const samplingShare = 0.25;

export function trafficSamplingJob(context: IntelligenceContext) {
  // How long this process's last round took.
  let lastRoundMs = 0;
  // The next round is queued first, so a round that fails (and is retried) never ends the chain.
  return defineJob<IntelligenceJob>('sample-traffic', sampleTrafficJobSchema, async () => {
    const at = context.now();
    await scheduleNextSampling(context, spacedAfter(at, lastRoundMs, samplingShare));
    const started = performance.now();
    try {
      await pruneTrafficOrigins(context.db, new Date(at.getTime() - trafficKeptMs));
      await pruneTrafficHours(context.db, new Date(at.getTime() - trafficKeptMs));
      await deleteMetricsBefore(context.db, new Date(at.getTime() - context.metricsRetentionMs));
      await sampleTraffic(context, at);
    } finally {
      lastRoundMs = performance.now() - started;
    }
  });
}

// Clusters asked at once: thousands asked together would hold the event loop for the whole
// round (bench:capacity, docs/scale.md).
const clustersAtOnce = 4;

// Deployments per transaction: an embedded database runs each statement on the event loop's
// thread, so a round of thousands is cut into short transactions with requests served between.
const samplesPerTransaction = 50;

/**
 * Adds one user's samples of one cluster, each deployment's hour, places and metrics in the same
 * transaction; answers whether any counted.
 */
async function recordSamples(db: Database, samples: readonly ObservedSample[]): Promise<boolean> {
  let any = false;
  for (let start = 0; start < samples.length; start += samplesPerTransaction) {
    const chunk = samples.slice(start, start + samplesPerTransaction);
    const counted = await db.transaction(async (tx) => {
      const added = await addTrafficSamples(tx, chunk);
      const counted = chunk.filter((item) => added.has(item.deploymentId));
      await addTrafficOrigins(
        tx,
        counted.flatMap((item) => item.origins),
      );
      await insertDeploymentMetrics(
        tx,
        counted.map((item) => item.metrics),
      );
      return counted.length;
    });
    any ||= counted > 0;
    await setImmediate();
  }
  return any;
}

/** The user's one traffic event of the round: their figures changed. */
async function tellUser(db: Database, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await deleteTrafficEvents(tx, userId);
    await recordEvent(tx, { userId, type: trafficEventType, payload: {}, read: true });
  });
}

/** One cluster's samples by the user they belong to. */
function byUser(samples: readonly ObservedSample[]): Map<string, ObservedSample[]> {
  const users = new Map<string, ObservedSample[]>();
  for (const sample of samples) {
    const own = users.get(sample.userId) ?? [];
    own.push(sample);
    users.set(sample.userId, own);
  }
  return users;
}

/**
 * Asks each driver that reports traffic what every successful deployment on it served, adds that
 * to their hours and tells each user whose traffic was sampled, with one traffic event. Answers those
 * users. Each cluster's samples are written as soon as they are read: a round after a restart
 * reads a day per deployment, too much to hold for thousands of them at once.
 */
export async function sampleTraffic(context: IntelligenceContext, at: Date): Promise<string[]> {
  const { db, drivers } = context;
  const groups = groupByCluster(await listTrafficSources(db, at), drivers);
  const failures: unknown[] = [];
  const affected = new Set<string>();
  const observed = pMapIterable(
    groups,
    // The other clusters' traffic still counts; this one's windows stay open for the retry.
    (group) =>
      observeCluster(group, at).catch((error: unknown) => {
        failures.push(error);
        return [];
      }),
    { concurrency: clustersAtOnce, backpressure: clustersAtOnce, preserveOrder: false },
  );
  // Clusters are asked side by side but written one transaction at a time: two clusters'
  // transactions back to back would hold an embedded database's thread twice as long.
  for await (const samples of observed) {
    for (const [userId, own] of byUser(samples)) {
      // One user's bad row must not stop the round for the users after them.
      try {
        if (await recordSamples(db, own)) affected.add(userId);
      } catch (error) {
        failures.push(error);
      }
    }
  }
  for (const userId of affected) await tellUser(db, userId);
  if (failures.length > 0) {
    throw new AggregateError(failures, 'some clusters did not report their traffic');
  }
  return [...affected];
}
