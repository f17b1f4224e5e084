import { trafficEventType } from '@meridian/domain/events/event-catalogue';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { trafficDays, trafficOrigins } from '../../platform/db/metering-schema';
import {
  clusters,
  datacenters,
  deployments,
  events,
  type ClusterRow,
} from '../../platform/db/schema';

/** A deployment traffic can reach: successful, on a member cluster that still exists. */
export interface TrafficSource {
  deploymentId: string;
  userId: string;
  /** The version it runs: its metrics are kept per version (a rollout compares them). */
  versionId: string;
  replicas: number;
  /** When it last changed; a day's first sample starts here, if that is later than midnight. */
  deployedAt: Date;
  /** Where the day's row ends (the end of its last sample); null before the day's first. */
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

export async function listTrafficSources(db: Database, day: string): Promise<TrafficSource[]> {
  const rows = await db
    .select({
      deploymentId: deployments.id,
      userId: deployments.userId,
      versionId: deployments.versionId,
      readyReplicas: deployments.readyReplicas,
      deployedAt: deployments.updatedAt,
      sampledUntil: trafficDays.updatedAt,
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
    .leftJoin(
      trafficDays,
      and(eq(trafficDays.deploymentId, deployments.id), eq(trafficDays.day, day)),
    )
    .where(and(eq(deployments.status, 'success'), eq(clusters.deleted, false)))
    .orderBy(asc(deployments.id));
  return rows.map(({ readyReplicas, ...row }) => ({
    ...row,
    // A stack (or a workload the cluster has not counted yet) still serves as one.
    replicas: Math.max(1, readyReplicas),
  }));
}

export interface TrafficSample {
  userId: string;
  deploymentId: string;
  datacenterUuid: string;
  day: string;
  requests: number;
  users: number;
  /** The window sampled: it continues exactly where the day's row ended (`null`: no row yet). */
  from: Date | null;
  to: Date;
}

const maxDailyUsers = 2_147_483_647;
// Rows per statement: thousands of deployments sample in a handful of statements, well under
// PostgreSQL's 65,535 parameters, so an embedded database is held for milliseconds, not seconds.
const rowsPerStatement = 500;

/**
 * Adds samples to their deployments' days, each only if its row still ends where the sample
 * begins: a process that sampled the same window first wins, and the other adds nothing (no
 * double count). Answers the deployments whose sample was added.
 */
export async function addTrafficSamples(
  db: Database,
  samples: readonly TrafficSample[],
): Promise<Set<string>> {
  const added = new Set<string>();
  for (let start = 0; start < samples.length; start += rowsPerStatement) {
    const chunk = samples.slice(start, start + rowsPerStatement);
    // Where each row must end for its sample to count; none (null) where no row was seen yet.
    const expected = sql.join(
      chunk.map(
        (sample) =>
          sql`(${sample.deploymentId}::uuid, ${sample.from?.toISOString() ?? null}::timestamptz)`,
      ),
      sql`, `,
    );
    const rows = await db
      .insert(trafficDays)
      .values(
        chunk.map((sample) => ({
          userId: sample.userId,
          deploymentId: sample.deploymentId,
          datacenterUuid: sample.datacenterUuid,
          day: sample.day,
          requests: sample.requests,
          users: Math.min(sample.users, maxDailyUsers),
          updatedAt: sample.to,
        })),
      )
      .onConflictDoUpdate({
        target: [trafficDays.deploymentId, trafficDays.day],
        set: {
          requests: sql`${trafficDays.requests} + excluded.requests`,
          // Saturates instead of overflowing the integer column (a day's users cannot exceed it).
          users: sql`least(${trafficDays.users}::bigint + excluded.users, 2147483647)`,
          updatedAt: sql`excluded.updated_at`,
        },
        setWhere: sql`${trafficDays.updatedAt} = (select expected.ends from (values ${expected})
          as expected(deployment_id, ends) where expected.deployment_id = excluded.deployment_id)`,
      })
      .returning({ deploymentId: trafficDays.deploymentId });
    for (const row of rows) added.add(row.deploymentId);
  }
  return added;
}

/** The user's earlier traffic events: each new one replaces them (they only say "refresh"). */
export async function deleteTrafficEvents(db: Database, userId: string): Promise<void> {
  await db
    .delete(events)
    .where(and(eq(events.userId, userId), eq(events.eventType, trafficEventType)));
}

export interface RegionTraffic {
  datacenterUuid: string;
  name: string;
  requests: number;
  users: number;
}

/** The user's traffic of one day, per datacenter, in the datacenters' display order. */
export async function trafficByRegion(
  db: Database,
  userId: string,
  day: string,
): Promise<RegionTraffic[]> {
  const rows = await db
    .select({
      datacenterUuid: trafficDays.datacenterUuid,
      name: datacenters.location,
      requests: sql<string>`sum(${trafficDays.requests})`,
      users: sql<string>`sum(${trafficDays.users})`,
    })
    .from(trafficDays)
    .innerJoin(datacenters, eq(datacenters.uuid, trafficDays.datacenterUuid))
    .where(and(eq(trafficDays.userId, userId), eq(trafficDays.day, day)))
    .groupBy(trafficDays.datacenterUuid, datacenters.location, datacenters.position)
    .orderBy(asc(datacenters.position));
  // sum() of bigint is numeric: the drivers hand it over as text.
  return rows.map((row) => ({ ...row, requests: Number(row.requests), users: Number(row.users) }));
}

/** Some of a smart cluster's requests, from one place, counted in one hour. */
export interface OriginSample {
  userId: string;
  smartClusterId: string;
  hour: Date;
  datacenterUuid: string;
  name: string;
  latitude: number;
  longitude: number;
  requests: number;
}

/** Adds requests to their places' hours (only of samples that counted). */
export async function addTrafficOrigins(
  db: Database,
  origins: readonly OriginSample[],
): Promise<void> {
  // One row per place and hour: a statement may not update the same row twice.
  const byPlace = new Map<string, OriginSample>();
  for (const origin of origins) {
    const key = JSON.stringify([
      origin.smartClusterId,
      origin.hour.getTime(),
      origin.datacenterUuid,
      origin.name,
      origin.latitude,
      origin.longitude,
    ]);
    const known = byPlace.get(key);
    byPlace.set(key, known ? { ...known, requests: known.requests + origin.requests } : origin);
  }
  const rows = [...byPlace.values()];
  for (let start = 0; start < rows.length; start += rowsPerStatement) {
    await db
      .insert(trafficOrigins)
      .values(rows.slice(start, start + rowsPerStatement))
      .onConflictDoUpdate({
        target: [
          trafficOrigins.smartClusterId,
          trafficOrigins.hour,
          trafficOrigins.datacenterUuid,
          trafficOrigins.name,
          trafficOrigins.latitude,
          trafficOrigins.longitude,
        ],
        set: { requests: sql`${trafficOrigins.requests} + excluded.requests` },
      });
  }
}

export interface PlaceTraffic {
  name: string;
  latitude: number;
  longitude: number;
  requests: number;
}

/** Where the smart cluster's requests came from since `since`, most first. */
export async function trafficByPlace(
  db: Database,
  smartClusterId: string,
  since: Date,
): Promise<PlaceTraffic[]> {
  const total = sql<string>`sum(${trafficOrigins.requests})`;
  const rows = await db
    .select({
      name: trafficOrigins.name,
      latitude: trafficOrigins.latitude,
      longitude: trafficOrigins.longitude,
      requests: total,
    })
    .from(trafficOrigins)
    .where(and(eq(trafficOrigins.smartClusterId, smartClusterId), gte(trafficOrigins.hour, since)))
    .groupBy(trafficOrigins.name, trafficOrigins.latitude, trafficOrigins.longitude)
    .orderBy(sql`${total} desc`, asc(trafficOrigins.name))
    .limit(500);
  return rows.map((row) => ({ ...row, requests: Number(row.requests) }));
}

/** Requests each datacenter of the smart cluster served in the hours from `from` to `to`. */
export async function requestsByDatacenter(
  db: Database,
  smartClusterId: string,
  from: Date,
  to: Date,
): Promise<Map<string, number>> {
  const rows = await db
    .select({
      datacenterUuid: trafficOrigins.datacenterUuid,
      requests: sql<string>`sum(${trafficOrigins.requests})`,
    })
    .from(trafficOrigins)
    .where(
      and(
        eq(trafficOrigins.smartClusterId, smartClusterId),
        gte(trafficOrigins.hour, from),
        lt(trafficOrigins.hour, to),
      ),
    )
    .groupBy(trafficOrigins.datacenterUuid);
  return new Map(rows.map((row) => [row.datacenterUuid, Number(row.requests)]));
}

/** Forgets hours before `before`: placement only looks at recent traffic. */
export async function pruneTrafficOrigins(db: Database, before: Date): Promise<void> {
  await db.delete(trafficOrigins).where(lt(trafficOrigins.hour, before));
}
