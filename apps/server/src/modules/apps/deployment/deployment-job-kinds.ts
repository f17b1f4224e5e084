// The deployment jobs' kinds and payload: a file that imports nothing of the context, so the
// apps context object can name them without an import cycle (docs/architecture.md).
import { z } from 'zod';
export const deploymentJobKinds = ['rollout-deployment', 'remove-deployment'] as const;

/** The durable jobs of deployments; each names one deployment. */
export const deploymentJobSchema = z.object({
  kind: z.enum(deploymentJobKinds),
  deploymentId: z.uuid(),
});
export type DeploymentJob = z.infer<typeof deploymentJobSchema>;
