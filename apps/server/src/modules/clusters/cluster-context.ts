import type { CpuPool } from '../../platform/cpu-pool';
import type { Database } from '../../platform/db/database';
import type { DeploymentsOnSmartClusters } from './clusters.public';
import type { DriverRegistry } from '../../platform/drivers/infrastructure-driver';
import type { ClusterEndpointPolicy } from '../../platform/outbound-guard';
import { transactionWithJobs, type JobSender } from '../../platform/jobs/job-queue';
import type { SecretBox } from '../../platform/secret-box';
import { listDatacenterRows } from './cluster/cluster.queries';
import type { ClusterJob } from './cluster/cluster-job-kinds';
import type { ReplanJob } from './cluster/cluster-job-kinds';
import type { ReplacementJob } from './cluster/cluster-job-kinds';
import type { DatacenterRow } from '../../platform/db/schema/clusters';

/** The jobs the smart-cluster module sends: its members' and its moves'. */
export type ClusterModuleJob = ClusterJob | ReplacementJob | ReplanJob;
export type SendClusterJob = (job: ClusterModuleJob) => Promise<void>;

/** What the smart-cluster service and its jobs share. */
export interface ClusterContext {
  db: Database;
  jobs: JobSender<ClusterModuleJob>;
  drivers: DriverRegistry;
  secrets: SecretBox;
  /** How long the `/version` check of an external cluster waits. */
  externalProbeTimeoutMs: number;
  /** Which addresses an uploaded cluster's API may have (MERIDIAN_ALLOW_PRIVATE_CLUSTERS). */
  endpointPolicy: ClusterEndpointPolicy;
  now: () => Date;
  /** Where the placement search runs, off the event loop. */
  cpu: CpuPool;
  /** The apps deployed on its smart clusters (the apps context's, supplied by app.ts). */
  deployments: DeploymentsOnSmartClusters;
  /** The datacenters, read once: they are seeded at start and do not change while running. */
  datacenters: () => Promise<DatacenterRow[]>;
}

export function createClusterContext(
  options: Omit<
    ClusterContext,
    'datacenters' | 'externalProbeTimeoutMs' | 'endpointPolicy' | 'now'
  > &
    Partial<Pick<ClusterContext, 'externalProbeTimeoutMs' | 'endpointPolicy' | 'now'>>,
): ClusterContext {
  let cached: Promise<DatacenterRow[]> | undefined;
  return {
    ...options,
    // `??`, not spread defaults: an option passed as undefined must not erase its default.
    externalProbeTimeoutMs: options.externalProbeTimeoutMs ?? 5000,
    // Unset, only public addresses: a private one needs MERIDIAN_ALLOW_PRIVATE_CLUSTERS=1.
    endpointPolicy: options.endpointPolicy ?? { allowPrivate: false },
    now: options.now ?? (() => new Date()),
    datacenters: () =>
      (cached ??= listDatacenterRows(options.db).catch((error: unknown) => {
        cached = undefined;
        throw error;
      })),
  };
}

/** Runs `work` in a transaction; jobs it sends are enqueued in it and woken after commit. */
export function inTransaction<T>(
  context: ClusterContext,
  work: (tx: Database, send: SendClusterJob) => Promise<T>,
): Promise<T> {
  return transactionWithJobs(context.db, context.jobs, work);
}
