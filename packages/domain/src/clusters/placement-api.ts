import { z } from 'zod';
import { automaticPlacementMessages, demandSchema, demandSources } from './placement-decision';
import { smartClusterFields } from './smart-cluster';

export const placementMessages = automaticPlacementMessages;

/**
 * `POST /intelligence/placement`: where an AUTOMATIC smart cluster would run, without creating it.
 * Any of the catalogue's datacenters, up to the bound of every datacenter list (`targetsMax`).
 * The budget does not change where it runs: without one the placement alone is answered; one
 * below the minimum total cost gets the spec's budget message (400), as creation would.
 */
export const placementPreviewSchema = z.object({
  ...smartClusterFields,
  budget: smartClusterFields.budget.optional(),
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
  /** Whose demand the placement assumed: the candidates' cities (no demand given) or the request's. */
  demand_source: z.enum(demandSources),
  /** The same in one sentence, e.g. "Before any traffic, Meridian assumes users in the 25 candidate cities, weighed equally." */
  demand_assumed: z.string(),
});

export type PlacementPreview = z.infer<typeof placementPreviewResultSchema>;
