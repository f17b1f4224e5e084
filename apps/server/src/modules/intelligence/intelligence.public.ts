// The intelligence context's public face (docs/architecture.md): the only file of it that the
// clusters and apps contexts import. Placement and scaling decisions, observed demand and load,
// and deployment metrics as the rollout gates and the metrics page read them.
import type { Database } from '../../platform/db/database';
import { currentRates } from './traffic-hours.queries';

export {
  cents,
  decidePlacement,
  demandAssumed,
  gapSentence,
  provenGap,
  solvePlacement,
  tenths,
  type PlacementRequest,
} from './automatic-placement';
export { observedDemand, observedLoad } from './traffic.service';
export { judgeReplacement, sameSet, type ReplacementVerdict } from './traffic-replacement';
export { judgeScaling, type ScalingVerdict } from './minion-scaling';
export { defaultMetricsRetentionMs, errorRateOf } from './deployment-metrics';
export { sumMetricsBySteps, type MetricsBucketSums } from './deployment-metrics.queries';

/**
 * What each deployment serves now, in the figure the header and the map show (requests a day at
 * this hour's rate): the progressive rollout orders its locations by it.
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
