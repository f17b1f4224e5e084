import type { Database } from '../../platform/db/database';
import { currentRates } from './traffic-hours.queries';

/**
 * Traffic as other modules read it: the progressive rollout orders its locations by what they
 * serve now, in the figure the header and the map show (requests a day at this hour's rate).
 */
export async function requestsPerDayByDeployment(
  db: Database,
  deploymentIds: readonly string[],
  at: Date,
): Promise<Map<string, number>> {
  if (deploymentIds.length === 0) return new Map();
  const rates = await currentRates(db, at, { deploymentIds });
  return new Map(rates.map((rate) => [rate.deploymentId, rate.perDay]));
}
