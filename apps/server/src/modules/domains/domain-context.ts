import { z } from 'zod';
import type { Database } from '../../platform/db/database';
import {
  transactionWithJobs,
  type JobAttempt,
  type JobReader,
  type JobSender,
} from '../../platform/jobs/job-queue';
import type { SecretBox } from '../../platform/secret-box';
import type { CpuPool } from '../../platform/cpu-pool';
import type { CertificateIssuer } from './certificate/certificate-authority';

/** The durable jobs of domains and DNS: confirming that every DNS server serves a change. */
export const publishDomainJob = z.object({
  kind: z.literal('publish-domain'),
  domainId: z.uuid(),
});
export const publishNamesJob = z.object({
  kind: z.literal('publish-deployment-names'),
  deploymentId: z.uuid(),
});
export type DomainJob = z.infer<typeof publishDomainJob> | z.infer<typeof publishNamesJob>;

/** A server of the zones that must confirm a change (PowerDNS); the built-in one reads the database. */
export interface ZonePublisher {
  sync(): Promise<void>;
}

/** What the domain, DNS and certificate services work with. */
export interface DomainContext {
  db: Database;
  jobs: JobSender<DomainJob> & JobReader<DomainJob>;
  nameservers: readonly string[];
  now: () => Date;
  /** PowerDNS, when configured: changes are only confirmed once it serves them. */
  publishers: ZonePublisher[];
  /** Seals the private keys of issued certificates; keys the claims' verification values. */
  secrets: SecretBox;
  /** Runs the zone-file reader off the event loop (architecture "CPU-heavy work"). */
  cpu: CpuPool;
  /** Where a claim's TXT proof is looked up (host:port); the system's resolver when undefined. */
  verifyResolver: string | undefined;
  /** Issues the certificates of deployments' domain names: the local certificate authority. */
  certificateIssuer: CertificateIssuer;
}

export function inTransaction<T>(
  context: DomainContext,
  work: (tx: Database, send: (job: DomainJob) => Promise<void>) => Promise<T>,
): Promise<T> {
  return transactionWithJobs(context.db, context.jobs, work);
}

/**
 * Waits until every publisher serves the current zones. Undefined once they do; the sentence a
 * user sees when the last attempt fails (earlier failures are thrown, so the job retries).
 */
export async function publishEverywhere(
  context: DomainContext,
  attempt: JobAttempt,
): Promise<string | undefined> {
  try {
    for (const publisher of context.publishers) await publisher.sync();
    return undefined;
  } catch (error) {
    if (!attempt.final) throw error;
    return `DNS could not be published: ${error instanceof Error ? error.message : String(error)}`;
  }
}
