import type { DemandPointInput } from '@meridian/domain/clusters/placement-decision';
import type { Traffic } from '@meridian/domain/traffic/traffic';
import type { Database } from '../../platform/db/database';
import type { IntelligenceContext } from './intelligence-context';
import { requestsByDatacenter, trafficByPlace } from './intelligence.queries';
import { currentRates, usersOfTheDay } from './traffic-hours.queries';

/** Traffic read back from what the sampling round stored: per user and region, per smart cluster. */

const hourMs = 3_600_000;
const hourStart = (at: Date) => Math.floor(at.getTime() / hourMs) * hourMs;

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

/**
 * `GET /intelligence/traffic`: per datacenter, requests a day at the rate of the current hour
 * (what still serves) and the users of the last 24 hours; the totals are their sums.
 */
export async function trafficNow(context: IntelligenceContext, userId: string): Promise<Traffic> {
  const { db } = context;
  const at = context.now();
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
