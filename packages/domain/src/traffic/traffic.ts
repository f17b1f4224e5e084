import { z } from 'zod';

/** One datacenter's share of the user's traffic today (spec "Entities and their fields"). */
export const trafficRegionSchema = z.object({
  datacenter_uuid: z.string(),
  name: z.string(),
  num_requests: z.number().int().nonnegative(),
  num_users: z.number().int().nonnegative(),
});

/** `GET /intelligence/traffic`: the user's traffic of the current UTC day. */
export const trafficSchema = z.object({
  daily_totals: z.object({
    total_requests: z.number().int().nonnegative(),
    daily_active_users: z.number().int().nonnegative(),
  }),
  regions: z.array(trafficRegionSchema),
});

export type TrafficRegion = z.infer<typeof trafficRegionSchema>;
export type Traffic = z.infer<typeof trafficSchema>;

/** The day traffic is counted under: its UTC date, 'YYYY-MM-DD'. */
export function trafficDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** Spec "Business constants and limits": requests per minute are the daily total spread evenly over the day's minutes. */
export function requestsPerMinute(dailyRequests: number): number {
  return dailyRequests / 24 / 60;
}

/**
 * '1,234' from 10 up; below, up to two decimals ('0.4', '2.25'), so the first minutes of a day,
 * when the daily total is still small, do not read as no traffic; under 0.01, '<0.01'.
 */
export function formatRequestsPerMinute(perMinute: number): string {
  if (perMinute > 0 && perMinute < 0.01) return '<0.01';
  return perMinute.toLocaleString('en-US', { maximumFractionDigits: perMinute < 10 ? 2 : 0 });
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
