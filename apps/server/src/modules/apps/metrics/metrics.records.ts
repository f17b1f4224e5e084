import type { Database } from '../../../platform/db/database';
import {
  deleteMetricsBefore,
  insertDeploymentMetrics,
  sumRequestsAndErrors,
  type DeploymentMetricsSample,
} from './metrics.queries';

/**
 * Deployment metrics as other modules write and read them: the traffic sampling round records
 * them, the progressive rollout's gates read error rates. A range (from, to] counts
 * the samples whose window ended in it.
 */

export type { DeploymentMetricsSample };

/** How long metrics are kept unless MERIDIAN_METRICS_RETENTION_HOURS says otherwise: a week. */
export const defaultMetricsRetentionMs = 168 * 3_600_000;

/** One row per sample, inside the caller's transaction (the round's, so none is counted twice). */
export function recordDeploymentMetrics(
  db: Database,
  samples: readonly DeploymentMetricsSample[],
): Promise<void> {
  return insertDeploymentMetrics(db, samples);
}

/** Drops the metrics whose window ended before `before`; answers how many rows went. */
export function pruneDeploymentMetrics(db: Database, before: Date): Promise<number> {
  return deleteMetricsBefore(db, before);
}

/** The 5xx share of these deployments (of one version, when given); null without requests. */
export async function errorRateOf(
  db: Database,
  query: { deploymentIds: readonly string[]; versionId?: string; from: Date; to: Date },
): Promise<{ requests: number; errors: number; rate: number | null }> {
  if (query.deploymentIds.length === 0) return { requests: 0, errors: 0, rate: null };
  const { requests, errors } = await sumRequestsAndErrors(db, query);
  return { requests, errors, rate: requests > 0 ? errors / requests : null };
}
