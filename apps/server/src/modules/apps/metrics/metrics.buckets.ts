import type { DeploymentMetricsPoint } from '@meridian/domain/apps/deployment-metrics';
import type { MetricsBucketSums } from '../../intelligence/intelligence.public';

/** The steps of a range on the step's grid (multiples of the step since the epoch). */
export interface MetricsGrid {
  stepSeconds: number;
  /** The first step's index: it starts at `firstIndex × step` seconds. */
  firstIndex: number;
  count: number;
}

/** The grid's steps that cover [from, to): the first holds `from`, the last the instant before `to`. */
export function metricsGrid(from: Date, to: Date, stepSeconds: number): MetricsGrid {
  const stepMs = stepSeconds * 1000;
  const firstIndex = Math.floor(from.getTime() / stepMs);
  const lastIndex = Math.ceil(to.getTime() / stepMs) - 1;
  return { stepSeconds, firstIndex, count: Math.max(0, lastIndex - firstIndex + 1) };
}

/** The instants the grid spans: [start of its first step, end of its last). */
export function gridSpan(grid: MetricsGrid): { from: Date; to: Date } {
  const stepMs = grid.stepSeconds * 1000;
  return {
    from: new Date(grid.firstIndex * stepMs),
    to: new Date((grid.firstIndex + grid.count) * stepMs),
  };
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * One point per step of the grid: the request rate over the sampled seconds, errors per request,
 * the request-weighted mean p95 (a plain mean when no sample had requests), mean CPU and
 * memory, the mean replicas; a step without samples carries nulls.
 */
export function metricsPoints(
  grid: MetricsGrid,
  buckets: readonly MetricsBucketSums[],
): DeploymentMetricsPoint[] {
  const byIndex = new Map(buckets.map((bucket) => [bucket.index, bucket]));
  return Array.from({ length: grid.count }, (_, offset) => {
    const index = grid.firstIndex + offset;
    const at = new Date(index * grid.stepSeconds * 1000).toISOString();
    const bucket = byIndex.get(index);
    if (!bucket || bucket.samples === 0) {
      return {
        at,
        requests_per_second: null,
        p95_latency_ms: null,
        error_rate: null,
        cpu_millicores: null,
        memory_bytes: null,
        replicas: null,
      };
    }
    const latency =
      bucket.latencyWeight > 0 ? bucket.latencyWeighted / bucket.latencyWeight : bucket.latencyMean;
    return {
      at,
      requests_per_second:
        bucket.windowSeconds > 0 ? round(bucket.requests / bucket.windowSeconds, 4) : null,
      p95_latency_ms: latency === null ? null : round(latency, 1),
      error_rate: bucket.requests > 0 ? round(bucket.errors / bucket.requests, 6) : null,
      cpu_millicores: bucket.cpuMean === null ? null : round(bucket.cpuMean, 1),
      memory_bytes: bucket.memoryMean === null ? null : Math.round(bucket.memoryMean),
      replicas: bucket.replicasMean === null ? null : round(bucket.replicasMean, 1),
    };
  });
}
