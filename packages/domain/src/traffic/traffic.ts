import { intlLocaleOf, type Locale } from '../i18n/locale';
import { z } from 'zod';

/**
 * One datacenter's traffic (spec "Entities and their fields"): `num_requests` is its rate now in
 * requests a day, `num_users` the users of the last 24 hours.
 */
export const trafficRegionSchema = z.object({
  datacenter_uuid: z.string(),
  name: z.string(),
  num_requests: z.number().int().nonnegative(),
  num_users: z.number().int().nonnegative(),
});

/**
 * `GET /intelligence/traffic`, from the sampled traffic per location and hour: requests a day at
 * the rate of the current hour (the rate the metrics chart draws per second), and the users of
 * the last 24 hours (this hour and the 23 before), so both fall when the traffic does.
 */
export const trafficSchema = z.object({
  daily_totals: z.object({
    total_requests: z.number().int().nonnegative(),
    daily_active_users: z.number().int().nonnegative(),
  }),
  regions: z.array(trafficRegionSchema),
});

export type TrafficRegion = z.infer<typeof trafficRegionSchema>;
export type Traffic = z.infer<typeof trafficSchema>;

const hourMs = 3_600_000;
export const secondsPerDay = 86_400;
/** The users of a day are those of this hour and the 23 before it. */
export const hoursPerDay = 24;

/** The UTC hour traffic is counted under: its start. */
export function trafficHour(at: Date): Date {
  return new Date(Math.floor(at.getTime() / hourMs) * hourMs);
}

/** A sampled rate in requests a day: the one conversion every per-day figure goes through. */
export function requestsPerDay(requests: number, sampledSeconds: number): number {
  return sampledSeconds > 0 ? (requests / sampledSeconds) * secondsPerDay : 0;
}

/** Spec "Business constants and limits": requests per minute are the per-day figure divided by 24 and by 60. */
export function requestsPerMinute(dailyRequests: number): number {
  return dailyRequests / 24 / 60;
}

/**
 * '1,234' from 10 up; below, up to two decimals ('0.4', '2.25'), so a quiet location does not
 * read as no traffic; under 0.01, '<0.01'.
 */
export function formatRequestsPerMinute(perMinute: number, locale: Locale = 'en'): string {
  const intl = intlLocaleOf(locale);
  if (perMinute > 0 && perMinute < 0.01) return `<${(0.01).toLocaleString(intl)}`;
  return perMinute.toLocaleString(intl, { maximumFractionDigits: perMinute < 10 ? 2 : 0 });
}

export const mapBarAmberAbove = 60;
export const mapBarCap = 100;

export interface MapBar {
  /** The bar's length, in requests per minute: the rate itself, capped at 100. */
  length: number;
  color: 'green' | 'amber';
}

/** Spec "Business constants and limits" map bar: green up to 60 requests per minute, amber above, capped at 100. */
export function mapBar(perMinute: number): MapBar {
  const rate = Number.isFinite(perMinute) ? Math.max(0, perMinute) : 0;
  return {
    length: Math.min(rate, mapBarCap),
    color: rate > mapBarAmberAbove ? 'amber' : 'green',
  };
}
