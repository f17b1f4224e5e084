import { z } from 'zod';
import type { Database } from '../../../platform/db/database';
import type { DriverRegistry } from '../../../platform/drivers/infrastructure-driver';
import {
  transactionWithJobs,
  type JobSender,
  type SendOptions,
} from '../../../platform/jobs/job-queue';
import type { SecretBox } from '../../../platform/secret-box';
import type { DeploymentJob } from '../deployment/deployment-job-kinds';

/** The one durable job of rollouts: look at a rollout's current location and take the next step. */
export const rolloutJobSchema = z.object({
  kind: z.literal('advance-rollout'),
  rolloutId: z.uuid(),
});
export type RolloutJob = z.infer<typeof rolloutJobSchema>;

/** What the rollout module needs: storage, the queue (its own jobs and deployments'), keys, clock. */
export interface RolloutContext {
  db: Database;
  jobs: JobSender<RolloutJob | DeploymentJob>;
  drivers: DriverRegistry;
  secrets: SecretBox;
  now: () => Date;
}

/** Sends a job inside the transaction (optionally later, or once under an id). */
export type Sender = (
  job: RolloutJob | DeploymentJob,
  options?: Omit<SendOptions, 'tx'>,
) => Promise<void>;

/** Runs `work` in a transaction; the jobs it sends are enqueued in it and woken after commit. */
export function inRolloutTransaction<T>(
  context: RolloutContext,
  work: (tx: Database, send: Sender) => Promise<T>,
): Promise<T> {
  return transactionWithJobs(context.db, context.jobs, work);
}
