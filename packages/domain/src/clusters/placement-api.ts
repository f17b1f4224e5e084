import { z } from 'zod';
import { optionalText } from '../request-fields';
import { smartClusterFields } from './smart-cluster';

export const placementMessages = {
  demandPoint:
    'Each demand point needs a latitude from -90 to 90, a longitude from -180 to 180 and a positive weight',
  demandCount: 'Give from 1 to 500 demand points, or none to weigh the picked datacenters equally',
  tooManyCandidates: 'Choose at most 24 candidate datacenters for automatic placement',
  external:
    "Automatic placement chooses among Meridian's datacenters: an external cluster cannot be a candidate",
} as const;

const coordinate = (max: number) =>
  z
    .number({ error: placementMessages.demandPoint })
    .min(-max, placementMessages.demandPoint)
    .max(max, placementMessages.demandPoint);

/** Where an API user says their users are, and how many (any unit: weights are relative). */
export const demandPointSchema = z.object({
  latitude: coordinate(90),
  longitude: coordinate(180),
  weight: z
    .number({ error: placementMessages.demandPoint })
    .positive(placementMessages.demandPoint)
    .max(1e9, placementMessages.demandPoint),
  name: optionalText(placementMessages.demandPoint, 100, placementMessages.demandPoint),
});

/** `POST /intelligence/placement`: where an AUTOMATIC smart cluster would run, without creating it. */
export const placementPreviewSchema = z.object({
  ...smartClusterFields,
  // The engine's search is exact, so its candidates are bounded.
  datacenters: smartClusterFields.datacenters.max(24, placementMessages.tooManyCandidates),
  demand: z
    .array(demandPointSchema, { error: placementMessages.demandCount })
    .min(1, placementMessages.demandCount)
    .max(500, placementMessages.demandCount)
    .optional(),
});

export type PlacementPreviewInput = z.infer<typeof placementPreviewSchema>;

export const placementPreviewResultSchema = z.object({
  /** Whether `datacenters` meets the latency target. */
  feasible: z.boolean(),
  /** The cheapest candidates meeting the target; when none do, the cheapest with the best p95. */
  datacenters: z.array(z.string()),
  monthly_cost: z.number(),
  p95_latency_ms: z.number(),
  best_possible_latency_ms: z.number(),
  regions: z.array(
    z.object({
      name: z.string(),
      latitude: z.number(),
      longitude: z.number(),
      weight: z.number(),
      datacenter_uuid: z.string(),
      latency_ms: z.number(),
    }),
  ),
  reason: z.string().optional(),
});

export type PlacementPreview = z.infer<typeof placementPreviewResultSchema>;
