import { setImmediate } from 'node:timers/promises';
import { trafficEventType } from '@meridian/domain/events/event-catalogue';
import type { DemandPointInput } from '@meridian/domain/clusters/placement-decision';
import type { Traffic } from '@meridian/domain/traffic/traffic';
import { z } from 'zod';
import type { Database } from '../../platform/db/database';
import type {
  ClusterSpec,
  DriverRegistry,
  InfrastructureDriver,
  ObservedTraffic,
  TrafficOrigin,
  TrafficTarget,
} from '../../platform/drivers/infrastructure-driver';
import { defineJob, type JobSender } from '../../platform/jobs/job-queue';
import { scheduleNextRound as scheduleNextPeriodicRound } from '../../platform/jobs/periodic-round';
import { recordEvent } from '../account/account.public';
import { defaultMetricsRetentionMs } from './deployment-metrics';
import {
  deleteMetricsBefore,
  insertDeploymentMetrics,
  type DeploymentMetricsSample,
} from './deployment-metrics.queries';
import {
  addTrafficOrigins,
  deleteTrafficEvents,
  pruneTrafficOrigins,
  requestsByDatacenter,
  trafficByPlace,
  type OriginSample,
} from './intelligence.queries';
import {
  addTrafficSamples,
  currentRates,
  listTrafficSources,
  longestWindowMs,
  pruneTrafficHours,
  usersOfTheDay,
  type TrafficSample,
  type TrafficSource,
} from './traffic-hours.queries';

/** One sampling round of every deployment's traffic; `slot` numbers it on the interval's grid. */
const sampleTrafficJob = z.object({
  kind: z.literal('sample-traffic'),
  slot: z.number().int().nonnegative(),
});
export type IntelligenceJob = z.infer<typeof sampleTrafficJob>;

export const defaultTrafficSampleIntervalMs = 10_000;

export interface IntelligenceServiceOptions {
  db: Database;
  jobs: JobSender<IntelligenceJob>;
  drivers: DriverRegistry;
  /** How often traffic is sampled (MERIDIAN_TRAFFIC_SAMPLE_SECONDS). */
  sampleIntervalMs?: number;
  /** How long deployment metrics are kept (MERIDIAN_METRICS_RETENTION_HOURS); each round prunes. */
  metricsRetentionMs?: number;
  now?: () => Date;
}

function specOf(source: TrafficSource): ClusterSpec {
  return {
    clusterId: source.cluster.id,
    name: source.cluster.name,
    datacenter: {
      uuid: source.datacenter.uuid,
      location: source.datacenter.location,
      latitude: source.datacenter.latitude,
      longitude: source.datacenter.longitude,
    },
    clusterSize: source.cluster.clusterSize,
    masterCount: source.cluster.masterCount,
    minionCount: source.cluster.minionCount,
  };
}

/** Placement reads the last hours of where users are, the figures the last day: older hours are forgotten. */
const trafficKeptMs = 48 * 3_600_000;

/**
 * Where an AUTOMATIC smart cluster's users were in the hour of `at` and the one before, as
 * placement demand: one point per place, weighed by its requests (architecture "Placement").
 */
export async function observedDemand(
  db: Database,
  smartClusterId: string,
  at: Date,
): Promise<DemandPointInput[]> {
  const since = new Date(hourStart(at) - hourMs);
  const places = await trafficByPlace(db, smartClusterId, since);
  return places.map(({ name, latitude, longitude, requests }) => ({
    name,
    latitude,
    longitude,
    weight: requests,
  }));
}

/** Requests per minute each datacenter of the smart cluster served over the last full hour. */
export async function observedLoad(
  db: Database,
  smartClusterId: string,
  at: Date,
): Promise<Map<string, number>> {
  const thisHour = hourStart(at);
  const served = await requestsByDatacenter(
    db,
    smartClusterId,
    new Date(thisHour - hourMs),
    new Date(thisHour),
  );
  return new Map([...served].map(([uuid, requests]) => [uuid, requests / 60]));
}

export type IntelligenceService = ReturnType<typeof createIntelligenceService>;

/** Traffic: sampled from the drivers into `traffic_hours`, and read back per user and region. */
export function createIntelligenceService({
  db,
  jobs: queue,
  drivers,
  sampleIntervalMs = defaultTrafficSampleIntervalMs,
  metricsRetentionMs = defaultMetricsRetentionMs,
  now = () => new Date(),
}: IntelligenceServiceOptions) {
  const scheduleNextRound = (after: Date) =>
    scheduleNextPeriodicRound(queue, 'sample-traffic', sampleIntervalMs, after);

  return {
    sample: (at: Date = now()) => sampleTraffic(db, drivers, at),
    traffic: (userId: string) => trafficNow(db, userId, now()),
    scheduleNextRound,
    jobDefinitions: [
      // The next round is queued first, so a round that fails (and is retried) never ends the chain.
      defineJob('sample-traffic', sampleTrafficJob, async () => {
        const at = now();
        await scheduleNextRound(at);
        await pruneTrafficOrigins(db, new Date(at.getTime() - trafficKeptMs));
        await pruneTrafficHours(db, new Date(at.getTime() - trafficKeptMs));
        await deleteMetricsBefore(db, new Date(at.getTime() - metricsRetentionMs));
        await sampleTraffic(db, drivers, at);
      }),
    ],
  };
}

/** The deployments of one cluster whose traffic one driver call reports. */
interface ClusterTrafficSources {
  driver: InfrastructureDriver;
  spec: ClusterSpec;
  sources: TrafficSource[];
}

function groupByCluster(
  sources: readonly TrafficSource[],
  drivers: DriverRegistry,
): ClusterTrafficSources[] {
  const byCluster = new Map<string, ClusterTrafficSources>();
  for (const source of sources) {
    const driver = drivers.get(source.datacenter.driver);
    if (!driver?.observeTraffic) continue;
    const group = byCluster.get(source.cluster.id) ?? { driver, spec: specOf(source), sources: [] };
    group.sources.push(source);
    byCluster.set(source.cluster.id, group);
  }
  return [...byCluster.values()];
}

/**
 * What the cluster's deployments served since each one's last sample, or since it last changed
 * if later (what it served while failing is not counted), a day at most.
 */
async function observeCluster(
  { driver, spec, sources }: ClusterTrafficSources,
  at: Date,
): Promise<ObservedSample[]> {
  const targets: (TrafficTarget & { source: TrafficSource })[] = [];
  for (const source of sources) {
    const since = Math.max(source.sampledUntil?.getTime() ?? 0, source.deployedAt.getTime());
    const from = new Date(Math.max(since, at.getTime() - longestWindowMs));
    if (from.getTime() >= at.getTime()) continue;
    const window = { from, to: at };
    targets.push({ deploymentId: source.deploymentId, replicas: source.replicas, window, source });
  }
  if (targets.length === 0) return [];
  const observed = await driver.observeTraffic!(spec, targets);
  return observed.flatMap((traffic) => {
    const target = targets.find((item) => item.deploymentId === traffic.deploymentId);
    if (!target) return [];
    return [
      {
        userId: target.source.userId,
        deploymentId: target.deploymentId,
        datacenterUuid: target.source.datacenter.uuid,
        requests: Math.max(0, Math.round(traffic.requests)),
        users: Math.max(0, Math.round(traffic.users)),
        from: target.source.sampledUntil,
        window: target.window,
        origins: originSamples(target.source, traffic.origins ?? [], target.window),
        metrics: metricsSample(target.source, target.window, traffic),
      },
    ];
  });
}

/** A sample with where its requests came from, and how they were served (deployment metrics). */
type ObservedSample = TrafficSample & { origins: OriginSample[]; metrics: DeploymentMetricsSample };

/** The deployment's metrics over its window; a driver that does not count errors reports none. */
function metricsSample(
  source: TrafficSource,
  window: { from: Date; to: Date },
  traffic: ObservedTraffic,
): DeploymentMetricsSample {
  return {
    userId: source.userId,
    deploymentId: source.deploymentId,
    versionId: source.versionId,
    datacenterUuid: source.datacenter.uuid,
    window,
    requests: Math.max(0, Math.round(traffic.requests)),
    errors: traffic.errors ?? 0,
    latencyP95Ms: traffic.latencyP95Ms ?? null,
    cpuMillicores: traffic.cpuMillicores ?? null,
    memoryBytes: traffic.memoryBytes ?? null,
  };
}

const hourMs = 3_600_000;
const hourStart = (at: Date) => Math.floor(at.getTime() / hourMs) * hourMs;

/**
 * The places a sample's requests came from, for its smart cluster, spread over the hours of its
 * window in proportion to the time in each (a long window after a restart keeps the right rate).
 */
function originSamples(
  source: TrafficSource,
  origins: readonly TrafficOrigin[],
  window: { from: Date; to: Date },
): OriginSample[] {
  const smartClusterId = source.cluster.smartClusterId;
  if (!smartClusterId) return [];
  const from = window.from.getTime();
  const span = window.to.getTime() - from;
  const samples: OriginSample[] = [];
  for (
    let start = Math.floor(from / hourMs) * hourMs;
    start < window.to.getTime();
    start += hourMs
  ) {
    const overlap = Math.min(start + hourMs, window.to.getTime()) - Math.max(start, from);
    for (const origin of origins) {
      const requests = Math.round((origin.requests * overlap) / span);
      if (!(requests > 0) || !Number.isFinite(origin.latitude + origin.longitude)) continue;
      samples.push({
        userId: source.userId,
        smartClusterId,
        hour: new Date(start),
        datacenterUuid: source.datacenter.uuid,
        name: origin.name.slice(0, 100),
        latitude: origin.latitude,
        longitude: origin.longitude,
        requests,
      });
    }
  }
  return samples;
}

// Deployments per transaction: an embedded database runs each statement on the event loop's
// thread, so a round of thousands is cut into short transactions with requests served between.
const samplesPerTransaction = 100;

/**
 * Adds one user's samples, each deployment's hour, places and metrics in the same transaction,
 * then tells the user once; answers whether any counted.
 */
async function recordSamples(
  db: Database,
  userId: string,
  samples: readonly ObservedSample[],
): Promise<boolean> {
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
  if (any) {
    await db.transaction(async (tx) => {
      await deleteTrafficEvents(tx, userId);
      await recordEvent(tx, { userId, type: trafficEventType, payload: {}, read: true });
    });
  }
  return any;
}

/**
 * Asks each driver that reports traffic what every successful deployment on it served, adds that
 * to their hours and tells each user whose traffic was sampled, with one traffic event. Answers those
 * users.
 */
export async function sampleTraffic(
  db: Database,
  drivers: DriverRegistry,
  at: Date,
): Promise<string[]> {
  const groups = groupByCluster(await listTrafficSources(db, at), drivers);
  const failures: unknown[] = [];
  const samplesByUser = new Map<string, ObservedSample[]>();
  const observed = await Promise.all(
    groups.map((group) =>
      // The other clusters' traffic still counts; this one's windows stay open for the retry.
      observeCluster(group, at).catch((error: unknown) => {
        failures.push(error);
        return [];
      }),
    ),
  );
  for (const sample of observed.flat()) {
    const samples = samplesByUser.get(sample.userId) ?? [];
    samples.push(sample);
    samplesByUser.set(sample.userId, samples);
  }
  const affected: string[] = [];
  for (const [userId, samples] of samplesByUser) {
    // One user's bad row must not stop the round for the users after them.
    try {
      if (await recordSamples(db, userId, samples)) affected.push(userId);
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) {
    throw new AggregateError(failures, 'some clusters did not report their traffic');
  }
  return affected;
}

/**
 * `GET /intelligence/traffic`: per datacenter, requests a day at the rate of the current hour
 * (what still serves) and the users of the last 24 hours; the totals are their sums.
 */
async function trafficNow(db: Database, userId: string, at: Date): Promise<Traffic> {
  const days = await usersOfTheDay(db, userId, at);
  const perDay = new Map<string, number>();
  for (const rate of await currentRates(db, at, { userId })) {
    perDay.set(rate.datacenterUuid, (perDay.get(rate.datacenterUuid) ?? 0) + rate.perDay);
  }
  const regions = days.map((day) => ({
    datacenter_uuid: day.datacenterUuid,
    name: day.name,
    num_requests: Math.round(perDay.get(day.datacenterUuid) ?? 0),
    num_users: day.users,
  }));
  return {
    daily_totals: {
      total_requests: regions.reduce((sum, region) => sum + region.num_requests, 0),
      daily_active_users: regions.reduce((sum, region) => sum + region.num_users, 0),
    },
    regions,
  };
}
