// The smart-cluster context's job kinds and payloads: a file that imports nothing of the context,
// so its context object can name them without an import cycle (docs/architecture.md).
import { z } from 'zod';
export const clusterJobKinds = [
  'provision-cluster',
  'update-cluster',
  'delete-cluster',
  'check-external-cluster',
] as const;

/** The durable jobs of member clusters; each names one member cluster. */
export const clusterJobSchema = z.object({ kind: z.enum(clusterJobKinds), clusterId: z.uuid() });
export type ClusterJob = z.infer<typeof clusterJobSchema>;

/** The periodic re-placement round; `slot` numbers the round so each is queued once. */
export const replanJobSchema = z.object({
  kind: z.literal('replan-smart-clusters'),
  slot: z.number().int().nonnegative(),
});
export type ReplanJob = z.infer<typeof replanJobSchema>;

/** Moving one smart cluster to its new placement, make-before-break. */
export const replacementJobSchema = z.object({
  kind: z.literal('replace-smart-cluster'),
  smartClusterId: z.uuid(),
});
export type ReplacementJob = z.infer<typeof replacementJobSchema>;
