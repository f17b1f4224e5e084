import type { Database } from '../../platform/db/database';
import { sumRequestsAndErrors } from './deployment-metrics.queries';

/**
 * Deployment metrics, as the traffic sampling round records them and the progressive rollout's
 * gates read them. A range (from, to] counts the samples whose window ended in it.
 */

/** How long metrics are kept unless MERIDIAN_METRICS_RETENTION_HOURS says otherwise: a week. */
export const defaultMetricsRetentionMs = 168 * 3_600_000;

/** The 5xx share of these deployments (of one version, when given); null without requests. */
export async function errorRateOf(
  db: Database,
  query: { deploymentIds: readonly string[]; versionId?: string; from: Date; to: Date },
): Promise<{ requests: number; errors: number; rate: number | null }> {
  if (query.deploymentIds.length === 0) return { requests: 0, errors: 0, rate: null };
  const { requests, errors } = await sumRequestsAndErrors(db, query);
  return { requests, errors, rate: requests > 0 ? errors / requests : null };
}
