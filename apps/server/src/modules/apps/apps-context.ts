import type { CpuPool } from '../../platform/cpu-pool';
import type { Database } from '../../platform/db/database';
import type { DriverRegistry } from '../../platform/drivers/infrastructure-driver';
import { transactionWithJobs, type JobReader, type JobSender } from '../../platform/jobs/job-queue';
import type { SecretBox } from '../../platform/secret-box';
import type { DeploymentJob } from './deployment/deployment-job-kinds';
import type { GitEventJob } from './git/git-event-job';
import type { RolloutJob } from './rollout/rollout.context';

/** What the app, version, deployment and CI/CD services share: storage, jobs, drivers, keys, clock. */
export interface AppsContext {
  db: Database;
  jobs: JobSender<DeploymentJob | RolloutJob | GitEventJob> & JobReader<GitEventJob>;
  drivers: DriverRegistry;
  secrets: SecretBox;
  now: () => Date;
  /** Where diffs and template checks run, off the event loop. */
  cpu: CpuPool;
  /** How long deployment metrics are kept (MERIDIAN_METRICS_RETENTION_HOURS); unset: a week. */
  metricsRetentionMs?: number;
  /** What the domains context does for previews' names; unset: previews go unnamed. */
  previewNames?: PreviewNames;
}

/**
 * A port the domains context implements (docs/architecture.md: apps may not import domains),
 * so a preview gets a name under the user's domain and its certificate (issue 39).
 */
export interface PreviewNames {
  /** The domain's name when it is the user's and in use; null otherwise. */
  domainName(userId: string, domainId: string): Promise<string | null>;
  /** Issues the certificate of a deployment's domain names, as `https_enable` does. */
  secure(userId: string, deploymentId: string): Promise<void>;
}

/** Runs `work` in a transaction; the jobs it sends are enqueued in it and woken after commit. */
export function inTransaction<T>(
  context: Pick<AppsContext, 'db' | 'jobs'>,
  work: (tx: Database, send: (job: DeploymentJob) => Promise<void>) => Promise<T>,
): Promise<T> {
  return transactionWithJobs(context.db, context.jobs, work);
}

/** A template as it arrives: the uploaded file's text or the Basic settings' JSON string. */
export interface TemplateUpload {
  text: string | undefined;
  filename: string | undefined;
}
