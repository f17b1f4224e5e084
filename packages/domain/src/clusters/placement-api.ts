import { z } from 'zod';
import { automaticPlacementMessages, demandSchema } from './placement-decision';
import { smartClusterFields } from './smart-cluster';

export const placementMessages = automaticPlacementMessages;

/**
 * `POST /intelligence/placement`: where an AUTOMATIC smart cluster would run, without creating it.
 * Any of the catalogue's datacenters, up to the bound of every datacenter list (`targetsMax`).
 */
export const placementPreviewSchema = z.object({
  ...smartClusterFields,
  demand: demandSchema.optional(),
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
  /**
   * Set when the search stopped at its time limit before proving `datacenters` the cheapest: no
   * choice doing as well costs less than `lower_bound_monthly_cost`, so `monthly_cost` is at most
   * `percent` % above the cheapest. null: proven the cheapest.
   */
  proven_gap: z.object({ lower_bound_monthly_cost: z.number(), percent: z.number() }).nullable(),
  /** Why the target is out of reach, and the search's gap when it stopped early. */
  reason: z.string().optional(),
});

export type PlacementPreview = z.infer<typeof placementPreviewResultSchema>;
