import { defaultMetricsStep, metricsRanges } from '@meridian/domain/apps/deployment-metrics';
import { describe, expect, it } from 'vitest';
import { gridSpan, metricsGrid, metricsPoints } from './metrics.buckets';
import type { MetricsBucketSums } from '../../intelligence/deployment-metrics.queries';

const at = (iso: string) => new Date(iso);

function bucket(index: number, sums: Partial<MetricsBucketSums>): MetricsBucketSums {
  return {
    index,
    samples: 1,
    requests: 0,
    errors: 0,
    windowSeconds: 10,
    latencyWeighted: 0,
    latencyWeight: 0,
    latencyMean: null,
    cpuMean: null,
    memoryMean: null,
    replicasMean: null,
    ...sums,
  };
}

describe('metrics buckets', () => {
  it('lays the range on the step grid: the first step holds from, the last the instant before to', () => {
    const grid = metricsGrid(at('2026-01-01T00:00:45Z'), at('2026-01-01T00:03:00Z'), 60);
    expect(grid).toEqual({ stepSeconds: 60, firstIndex: 29_453_760, count: 3 });
    expect(gridSpan(grid)).toEqual({
      from: at('2026-01-01T00:00:00Z'),
      to: at('2026-01-01T00:03:00Z'),
    });
    expect(metricsGrid(at('2026-01-01T00:00:00Z'), at('2026-01-01T00:00:01Z'), 60).count).toBe(1);
  });

  it('turns sums into rates and means, and gives empty steps nulls', () => {
    const grid = metricsGrid(at('2026-01-01T00:00:00Z'), at('2026-01-01T00:03:00Z'), 60);
    const first = grid.firstIndex;
    const points = metricsPoints(grid, [
      bucket(first, {
        samples: 3,
        requests: 600,
        errors: 6,
        windowSeconds: 30,
        // p95s of 40 ms over 200 requests and 70 ms over 400: weighted by their requests.
        latencyWeighted: 40 * 200 + 70 * 400,
        latencyWeight: 600,
        latencyMean: 55,
        cpuMean: 120.04,
        memoryMean: 1000.4,
        replicasMean: 2.333,
      }),
      bucket(first + 2, { requests: 0, latencyMean: 45, cpuMean: 10, memoryMean: 20 }),
    ]);
    expect(points).toEqual([
      {
        at: '2026-01-01T00:00:00.000Z',
        requests_per_second: 20,
        p95_latency_ms: 60,
        error_rate: 0.01,
        cpu_millicores: 120,
        memory_bytes: 1000,
        replicas: 2.3,
      },
      {
        at: '2026-01-01T00:01:00.000Z',
        requests_per_second: null,
        p95_latency_ms: null,
        error_rate: null,
        cpu_millicores: null,
        memory_bytes: null,
        replicas: null,
      },
      // Measured, but nothing served: no rate of errors, the plain mean p95.
      {
        at: '2026-01-01T00:02:00.000Z',
        requests_per_second: 0,
        p95_latency_ms: 45,
        error_rate: null,
        cpu_millicores: 10,
        memory_bytes: 20,
        replicas: null,
      },
    ]);
  });

  it('picks a round default step giving at most 120 points for each range the console offers', () => {
    expect(Object.values(metricsRanges).map(defaultMetricsStep)).toEqual([10, 60, 300, 900, 7200]);
    for (const seconds of Object.values(metricsRanges)) {
      // However the range falls on the grid.
      for (const offset of [0, 1, 29, 59_999]) {
        const from = new Date(1_767_225_600_000 + offset);
        const to = new Date(from.getTime() + seconds * 1000);
        expect(metricsGrid(from, to, defaultMetricsStep(seconds)).count).toBeLessThanOrEqual(120);
      }
    }
  });
});
