import { trafficEventType } from '@meridian/domain/events/event-catalogue';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { trafficOrigins } from '../../platform/db/schema/metering';
import { events } from '../../platform/db/schema/accounts';

/** The user's earlier traffic events: each new one replaces them (they only say "refresh"). */
export async function deleteTrafficEvents(db: Database, userId: string): Promise<void> {
  await db
    .delete(events)
    .where(and(eq(events.userId, userId), eq(events.eventType, trafficEventType)));
}

// Rows per statement: short on an embedded database.
const rowsPerStatement = 500;

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
    // The rows as one JSON parameter: drizzle builds a statement of thousands of parameters
    // slower than the database runs it (bench:capacity's profile, docs/scale.md).
    const json = JSON.stringify(rows.slice(start, start + rowsPerStatement).map(originRecord));
    await db.execute(sql`
      insert into ${trafficOrigins} (user_id, smart_cluster_id, hour, datacenter_uuid, name,
        latitude, longitude, requests)
      select user_id, smart_cluster_id, hour, datacenter_uuid, name, latitude, longitude, requests
      from jsonb_to_recordset(${json}::jsonb) as origin(user_id uuid, smart_cluster_id uuid,
        hour timestamptz, datacenter_uuid text, name text, latitude double precision,
        longitude double precision, requests bigint)
      on conflict (smart_cluster_id, hour, datacenter_uuid, name, latitude, longitude)
      do update set requests = ${trafficOrigins.requests} + excluded.requests`);
  }
}

/** A sample as a record of `traffic_origins`' columns. */
function originRecord(origin: OriginSample) {
  return {
    user_id: origin.userId,
    smart_cluster_id: origin.smartClusterId,
    hour: origin.hour.toISOString(),
    datacenter_uuid: origin.datacenterUuid,
    name: origin.name,
    latitude: origin.latitude,
    longitude: origin.longitude,
    requests: origin.requests,
  };
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
