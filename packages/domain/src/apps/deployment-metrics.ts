import { z } from 'zod';

/**
 * Deployment metrics (docs/deployment-lifecycle.md "Metrics"): what a deployment served and used
 * over time, sampled with its traffic and answered bucketed by a step.
 */

export const minMetricsStepSeconds = 10;
export const maxMetricsStepSeconds = 86_400;
export const maxMetricsPoints = 1000;
/** How many points an answer aims at when no step is asked for. */
export const defaultMetricsPoints = 120;

export const deploymentMetricsMessages = {
  from: 'The start of the range (from) must be a date and time in ISO 8601, e.g. 2026-01-31T12:00:00Z',
  to: 'The end of the range (to) must be a date and time in ISO 8601, e.g. 2026-01-31T13:00:00Z',
  step: `The step must be a whole number of seconds from ${minMetricsStepSeconds} to ${maxMetricsStepSeconds}`,
  order: 'The start of the range (from) must be before its end (to)',
  tooLong: (hours: number) =>
    `The range may span at most ${hours} hours: metrics are kept that long`,
  tooManyPoints: `That step gives more than ${maxMetricsPoints.toLocaleString('en-US')} points; choose a larger step or a shorter range`,
  notFound: 'Deployment not found',
} as const;

const instant = (message: string) => z.iso.datetime({ offset: true, error: message }).optional();

/** `GET /meridian/v1/kube/apps/deployment/{deploymentId}/metrics?from=&to=&step=`. */
export const deploymentMetricsQuerySchema = z.object({
  from: instant(deploymentMetricsMessages.from),
  to: instant(deploymentMetricsMessages.to),
  step: z.coerce
    .number({ error: deploymentMetricsMessages.step })
    .int(deploymentMetricsMessages.step)
    .min(minMetricsStepSeconds, deploymentMetricsMessages.step)
    .max(maxMetricsStepSeconds, deploymentMetricsMessages.step)
    .optional(),
});

/**
 * One step of the range, starting at `at`: rates from the requests and 5xx answers summed over
 * it, the request-weighted mean of its samples' p95 latencies, the mean CPU and memory of all
 * the deployment's pods together. Null where nothing was measured in the step.
 */
export const deploymentMetricsPointSchema = z.object({
  at: z.string(),
  requests_per_second: z.number().nullable(),
  p95_latency_ms: z.number().nullable(),
  /** 5xx answers per request, 0–1; null without requests. */
  error_rate: z.number().nullable(),
  cpu_millicores: z.number().nullable(),
  memory_bytes: z.number().nullable(),
  /** The mean pods the deployment ran (an autoscaler moves it); null where unknown. */
  replicas: z.number().nullable(),
});

export const deploymentMetricsSchema = z.object({
  deployment_uuid: z.string(),
  location: z.string(),
  datacenter_uuid: z.string(),
  from: z.string(),
  to: z.string(),
  /** Seconds per point. */
  step: z.number(),
  points: z.array(deploymentMetricsPointSchema),
});

export type DeploymentMetricsQuery = z.infer<typeof deploymentMetricsQuerySchema>;
export type DeploymentMetricsPoint = z.infer<typeof deploymentMetricsPointSchema>;
export type DeploymentMetrics = z.infer<typeof deploymentMetricsSchema>;

/** The ranges the console offers, in seconds. */
export const metricsRanges = {
  '15m': 900,
  '1h': 3_600,
  '6h': 21_600,
  '24h': 86_400,
  '7d': 604_800,
} as const;
export type MetricsRange = keyof typeof metricsRanges;

// Steps that read well on a time axis.
const roundSteps = [
  10, 15, 20, 30, 60, 120, 180, 300, 600, 900, 1200, 1800, 3600, 7200, 10_800, 21_600, 43_200,
  86_400,
];

/**
 * The step a range gets when none is asked for: the smallest round one giving at most
 * `defaultMetricsPoints` points, however the range falls on the step's grid.
 */
export function defaultMetricsStep(rangeSeconds: number): number {
  const least = rangeSeconds / (defaultMetricsPoints - 1);
  return roundSteps.find((step) => step >= least) ?? maxMetricsStepSeconds;
}
