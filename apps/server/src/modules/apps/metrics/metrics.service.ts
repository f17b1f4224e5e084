import {
  defaultMetricsStep,
  deploymentMetricsMessages,
  maxMetricsPoints,
  type DeploymentMetrics,
  type DeploymentMetricsQuery,
} from '@meridian/domain/apps/deployment-metrics';
import type { Database } from '../../../platform/db/database';
import { BadRequestError, NotFoundError } from '../../../platform/http/errors';
import { gridSpan, metricsGrid, metricsPoints } from './metrics.buckets';
import { sumMetricsBySteps } from '../../intelligence/intelligence.public';
import { findOwnDeployment } from '../deployment/deployment.queries';

export interface MetricsContext {
  db: Database;
  now: () => Date;
  /** How long metrics are kept: no range may span more. */
  retentionMs: number;
}

const hourMs = 3_600_000;

/** The range asked for, checked: from before to, no longer than the retention, not too many points. */
function rangeOf(
  query: DeploymentMetricsQuery,
  now: Date,
  retentionMs: number,
): { from: Date; to: Date; stepSeconds: number } {
  const to = query.to ? new Date(query.to) : now;
  const from = query.from ? new Date(query.from) : new Date(to.getTime() - hourMs);
  const spanMs = to.getTime() - from.getTime();
  if (!(spanMs > 0)) throw new BadRequestError(deploymentMetricsMessages.order);
  if (spanMs > retentionMs) {
    throw new BadRequestError(
      deploymentMetricsMessages.tooLong(Math.round((retentionMs / hourMs) * 100) / 100),
    );
  }
  const stepSeconds = query.step ?? defaultMetricsStep(spanMs / 1000);
  if (metricsGrid(from, to, stepSeconds).count > maxMetricsPoints) {
    throw new BadRequestError(deploymentMetricsMessages.tooManyPoints);
  }
  return { from, to, stepSeconds };
}

/** `GET …/apps/deployment/{id}/metrics`: the user's deployment's metrics over the range, by step. */
export async function deploymentMetrics(
  context: MetricsContext,
  userId: string,
  deploymentId: string,
  query: DeploymentMetricsQuery,
): Promise<DeploymentMetrics> {
  const view = await findOwnDeployment(context.db, userId, deploymentId);
  if (!view) throw new NotFoundError(deploymentMetricsMessages.notFound);
  const { from, to, stepSeconds } = rangeOf(query, context.now(), context.retentionMs);
  const grid = metricsGrid(from, to, stepSeconds);
  const buckets = await sumMetricsBySteps(context.db, deploymentId, gridSpan(grid), stepSeconds);
  return {
    deployment_uuid: deploymentId,
    location: view.datacenter.location,
    datacenter_uuid: view.datacenter.uuid,
    from: from.toISOString(),
    to: to.toISOString(),
    step: stepSeconds,
    points: metricsPoints(grid, buckets),
  };
}
