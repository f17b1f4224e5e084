import { z } from 'zod';
import { optionalText } from '../request-fields';

export const automaticPlacementMessages = {
  external:
    "Automatic placement chooses among Meridian's datacenters: an external cluster cannot be a candidate",
  demandPoint:
    'Each demand point needs a latitude from -90 to 90, a longitude from -180 to 180 and a weight from 0.000001 to 1000000000',
  demandCount: 'Give from 1 to 500 demand points, or none to weigh the picked datacenters equally',
} as const;

const coordinate = (max: number) =>
  z
    .number({ error: automaticPlacementMessages.demandPoint })
    .min(-max, automaticPlacementMessages.demandPoint)
    .max(max, automaticPlacementMessages.demandPoint);

/**
 * A demand point's weight: any unit, weights are relative. Bounded below so sums and shares stay
 * well inside a float's precision (1e-9 passed `positive` and then broke the engine).
 */
export const demandWeightRange = { min: 1e-6, max: 1e9 } as const;

/** Where an API user says their users are, and how many (any unit: weights are relative). */
export const demandPointSchema = z.object({
  latitude: coordinate(90),
  longitude: coordinate(180),
  weight: z
    .number({ error: automaticPlacementMessages.demandPoint })
    .min(demandWeightRange.min, automaticPlacementMessages.demandPoint)
    .max(demandWeightRange.max, automaticPlacementMessages.demandPoint),
  name: optionalText(
    automaticPlacementMessages.demandPoint,
    100,
    automaticPlacementMessages.demandPoint,
  ),
});

export const demandSchema = z
  .array(demandPointSchema, { error: automaticPlacementMessages.demandCount })
  .min(1, automaticPlacementMessages.demandCount)
  .max(500, automaticPlacementMessages.demandCount);

export type DemandPointInput = z.infer<typeof demandPointSchema>;

/** Where the demand a placement was solved for came from. */
export const demandSources = ['candidates', 'request', 'traffic'] as const;
export type DemandSource = (typeof demandSources)[number];

/**
 * Where Meridian decided an AUTOMATIC smart cluster runs, and why: the smart cluster's
 * `placement`, and one entry of its placement history.
 */
export const placementDecisionSchema = z.object({
  /** The candidates it chose from. */
  candidates: z.array(z.string()),
  /** Where it runs: the cheapest candidates meeting the latency target. */
  datacenters: z.array(z.string()),
  p95_latency_ms: z.number(),
  monthly_cost: z.number(),
  demand_source: z.enum(demandSources),
  decided_at: z.string(),
  /** One plain sentence: why these locations. */
  reason: z.string(),
});

export type PlacementDecision = z.infer<typeof placementDecisionSchema>;

/** `GET /cluster/clusters/{id}/placements`: the decisions, newest first. */
export const placementHistorySchema = z.object({ placements: z.array(placementDecisionSchema) });

export type PlacementHistory = z.infer<typeof placementHistorySchema>;

/** Creation or an update asked for a latency no choice of the candidates can meet. */
export function unreachableLatencyMessage(bestPossibleMs: number): string {
  return `Please provide a valid latency; the best possible is ${Math.ceil(bestPossibleMs)} ms`;
}
