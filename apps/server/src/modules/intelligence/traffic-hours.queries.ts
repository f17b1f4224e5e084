import { hoursPerDay, requestsPerDay, trafficHour } from '@meridian/domain/traffic/traffic';
import { setImmediate } from 'node:timers/promises';
import { and, asc, desc, eq, gt, gte, inArray, lt, max, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { trafficHours } from '../../platform/db/schema/metering';
import { clusters, datacenters, type ClusterRow } from '../../platform/db/schema/clusters';
import { deployments } from '../../platform/db/schema/apps';

/** The only code that touches `traffic_hours`: traffic per deployment and UTC hour. */

const hourMs = 3_600_000;

/** How far back a sample may reach: after a pause, at most a day is asked for. */
export const longestWindowMs = hoursPerDay * hourMs;

/** Rows ending before this cannot overlap a window ending at `at`, so no cursor reads them. */
const cursorHorizon = (at: Date) => trafficHour(new Date(at.getTime() - longestWindowMs));

/** A deployment traffic can reach: successful, on a member cluster that still exists. */
export interface TrafficSource {
  deploymentId: string;
  userId: string;
  /** The version it runs: its metrics are kept per version (a rollout compares them). */
  versionId: string;
  replicas: number;
  /** When it last changed; its first sample starts here. */
  deployedAt: Date;
  /** Where its last sample ended (the cursor); null before its first. */
  sampledUntil: Date | null;
  cluster: {
    id: string;
    smartClusterId: string | null;
    name: string;
    clusterSize: ClusterRow['clusterSize'];
    masterCount: number;
    minionCount: number;
  };
  datacenter: {
    uuid: string;
    location: string;
    latitude: number;
    longitude: number;
    driver: string;
  };
}

// Deployments per query: the embedded database runs a query on the event loop's thread, and one
// over 2,000 deployments, each with its cursor's subquery, held requests for the whole of it.
const sourcesPerQuery = 250;

/** Every deployment traffic can reach, in pages by id with requests served between them. */
export async function listTrafficSources(db: Database, at: Date): Promise<TrafficSource[]> {
  const sources: TrafficSource[] = [];
  for (;;) {
    const page = await trafficSourcesAfter(db, at, sources.at(-1)?.deploymentId);
    sources.push(...page);
    if (page.length < sourcesPerQuery) return sources;
    await setImmediate();
  }
}

async function trafficSourcesAfter(
  db: Database,
  at: Date,
  afterId: string | undefined,
): Promise<TrafficSource[]> {
  const th = trafficHours;
  const rows = await db
    .select({
      deploymentId: deployments.id,
      userId: deployments.userId,
      versionId: deployments.versionId,
      readyReplicas: deployments.readyReplicas,
      deployedAt: deployments.updatedAt,
      sampledUntil: sql<string | Date | null>`(select ${th.updatedAt} from ${th}
        where ${th.deploymentId} = ${deployments.id} and ${th.hour} >= ${cursorHorizon(at)}
        order by ${th.hour} desc limit 1)`,
      cluster: {
        id: clusters.id,
        smartClusterId: clusters.smartClusterId,
        name: clusters.name,
        clusterSize: clusters.clusterSize,
        masterCount: clusters.masterCount,
        minionCount: clusters.minionCount,
      },
      datacenter: {
        uuid: datacenters.uuid,
        location: datacenters.location,
        latitude: datacenters.latitude,
        longitude: datacenters.longitude,
        driver: datacenters.driver,
      },
    })
    .from(deployments)
    .innerJoin(clusters, eq(clusters.id, deployments.clusterId))
    .innerJoin(datacenters, eq(datacenters.uuid, clusters.datacenterUuid))
    .where(
      and(
        eq(deployments.status, 'success'),
        eq(clusters.deleted, false),
        afterId === undefined ? undefined : gt(deployments.id, afterId),
      ),
    )
    .orderBy(asc(deployments.id))
    .limit(sourcesPerQuery);
  return rows.map(({ readyReplicas, sampledUntil, ...row }) => ({
    ...row,
    // A raw subquery is not mapped: the drivers hand the timestamp over as text.
    sampledUntil: sampledUntil === null ? null : new Date(sampledUntil),
    // A stack (or a workload the cluster has not counted yet) still serves as one.
    replicas: Math.max(1, readyReplicas),
  }));
}

export interface TrafficSample {
  userId: string;
  deploymentId: string;
  datacenterUuid: string;
  requests: number;
  users: number;
  /** Where the deployment's rows ended when it was taken (`null`: none yet): it counts only if they still do. */
  from: Date | null;
  /** The window sampled: it counts in the hour `to` falls in. */
  window: { from: Date; to: Date };
}

const maxHourlyUsers = 2_147_483_647;
// Rows per statement: thousands of deployments sample in a handful of statements, well under
// PostgreSQL's 65,535 parameters, so an embedded database is held for milliseconds, not seconds.
const rowsPerStatement = 500;

/** Where each deployment's latest row (within the horizon of a window ending at `at`) ends. */
async function latestEnds(db: Database, ids: string[], at: Date): Promise<Map<string, number>> {
  const th = trafficHours;
  const rows = await db
    .select({ deploymentId: th.deploymentId, end: max(th.updatedAt) })
    .from(th)
    .where(and(inArray(th.deploymentId, ids), gte(th.hour, cursorHorizon(at))))
    .groupBy(th.deploymentId);
  return new Map(rows.map((row) => [row.deploymentId, row.end?.getTime() ?? Number.NaN]));
}

/**
 * Adds samples to their deployments' hours, each only if the deployment's rows still end where
 * the sample begins: a process that sampled the same window first wins, and the other adds
 * nothing (no double count). Answers the deployments whose sample was added.
 */
export async function addTrafficSamples(
  db: Database,
  samples: readonly TrafficSample[],
): Promise<Set<string>> {
  const added = new Set<string>();
  for (let start = 0; start < samples.length; start += rowsPerStatement) {
    const chunk = samples.slice(start, start + rowsPerStatement);
    const at = new Date(Math.max(...chunk.map((sample) => sample.window.to.getTime())));
    const ends = await latestEnds(
      db,
      chunk.map((sample) => sample.deploymentId),
      at,
    );
    const fresh = chunk.filter(
      (sample) => (ends.get(sample.deploymentId) ?? null) === (sample.from?.getTime() ?? null),
    );
    if (fresh.length === 0) continue;
    // Where each row must end for its sample to count, should another process write it meanwhile.
    const expected = sql.join(
      fresh.map(
        (sample) =>
          sql`(${sample.deploymentId}::uuid, ${sample.from?.toISOString() ?? null}::timestamptz)`,
      ),
      sql`, `,
    );
    const rows = await db
      .insert(trafficHours)
      .values(fresh.map(hourRow))
      .onConflictDoUpdate({
        target: [trafficHours.deploymentId, trafficHours.hour],
        set: {
          requests: sql`${trafficHours.requests} + excluded.requests`,
          // Saturates instead of overflowing the integer column.
          users: sql`least(${trafficHours.users}::bigint + excluded.users, 2147483647)`,
          sampledSeconds: sql`${trafficHours.sampledSeconds} + excluded.sampled_seconds`,
          updatedAt: sql`excluded.updated_at`,
        },
        setWhere: sql`${trafficHours.updatedAt} = (select expected.ends from (values ${expected})
          as expected(deployment_id, ends) where expected.deployment_id = excluded.deployment_id)`,
      })
      .returning({ deploymentId: trafficHours.deploymentId });
    for (const row of rows) added.add(row.deploymentId);
  }
  return added;
}

function hourRow(sample: TrafficSample): typeof trafficHours.$inferInsert {
  const { from, to } = sample.window;
  return {
    userId: sample.userId,
    deploymentId: sample.deploymentId,
    datacenterUuid: sample.datacenterUuid,
    hour: trafficHour(to),
    requests: sample.requests,
    users: Math.min(sample.users, maxHourlyUsers),
    sampledSeconds: (to.getTime() - from.getTime()) / 1000,
    updatedAt: to,
  };
}

/** Forgets hours before `before`: every figure reads the last day. */
export async function pruneTrafficHours(db: Database, before: Date): Promise<void> {
  await db.delete(trafficHours).where(lt(trafficHours.hour, before));
}

/** The rate now of each deployment: its latest hour (this one, or the last before its first sample). */
export interface DeploymentRate {
  deploymentId: string;
  datacenterUuid: string;
  /** Requests a day at that hour's rate. */
  perDay: number;
}

export async function currentRates(
  db: Database,
  at: Date,
  scope: { userId: string } | { deploymentIds: readonly string[] },
): Promise<DeploymentRate[]> {
  const th = trafficHours;
  const since = new Date(trafficHour(at).getTime() - hourMs);
  const base = db
    .selectDistinctOn([th.deploymentId], {
      deploymentId: th.deploymentId,
      datacenterUuid: th.datacenterUuid,
      requests: th.requests,
      sampledSeconds: th.sampledSeconds,
    })
    .from(th);
  const query =
    'userId' in scope
      ? // Only what still serves: a removed deployment's last hour is not a rate now.
        base
          .innerJoin(
            deployments,
            and(eq(deployments.id, th.deploymentId), eq(deployments.status, 'success')),
          )
          .innerJoin(
            clusters,
            and(eq(clusters.id, deployments.clusterId), eq(clusters.deleted, false)),
          )
          .where(and(eq(th.userId, scope.userId), gte(th.hour, since)))
      : base.where(and(inArray(th.deploymentId, [...scope.deploymentIds]), gte(th.hour, since)));
  const rows = await query.orderBy(th.deploymentId, desc(th.hour));
  return rows.map((row) => ({
    deploymentId: row.deploymentId,
    datacenterUuid: row.datacenterUuid,
    perDay: requestsPerDay(row.requests, row.sampledSeconds),
  }));
}

export interface DayOfTraffic {
  datacenterUuid: string;
  name: string;
  users: number;
}

/** The user's users of the last 24 hours per datacenter, in the datacenters' display order. */
export async function usersOfTheDay(
  db: Database,
  userId: string,
  at: Date,
): Promise<DayOfTraffic[]> {
  const th = trafficHours;
  const since = new Date(trafficHour(at).getTime() - (hoursPerDay - 1) * hourMs);
  const rows = await db
    .select({
      datacenterUuid: th.datacenterUuid,
      name: datacenters.location,
      users: sql<string>`sum(${th.users})`,
    })
    .from(th)
    .innerJoin(datacenters, eq(datacenters.uuid, th.datacenterUuid))
    .where(and(eq(th.userId, userId), gte(th.hour, since)))
    .groupBy(th.datacenterUuid, datacenters.location, datacenters.position)
    .orderBy(asc(datacenters.position));
  // sum() of integers is bigint: the drivers hand it over as text.
  return rows.map((row) => ({ ...row, users: Number(row.users) }));
}
