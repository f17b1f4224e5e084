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
import type { AcmeConnection } from './certificate/certificate.acme';

/** The durable jobs of domains and DNS: confirming that every DNS server serves a change. */
export const publishDomainJob = z.object({
  kind: z.literal('publish-domain'),
  domainId: z.uuid(),
});
export const publishNamesJob = z.object({
  kind: z.literal('publish-deployment-names'),
  deploymentId: z.uuid(),
});
/** Order n of a certificate (its first issue or a renewal): docs/certificates.md. */
export const issueCertificateJob = z.object({
  kind: z.literal('issue-certificate'),
  certificateId: z.uuid(),
  order: z.number().int().min(1),
});
/** The periodic renewal round (platform/jobs/periodic-round.ts). */
export const renewCertificatesJob = z.object({
  kind: z.literal('renew-certificates'),
  slot: z.number().int(),
});
export type DomainJob =
  | z.infer<typeof publishDomainJob>
  | z.infer<typeof publishNamesJob>
  | z.infer<typeof issueCertificateJob>
  | z.infer<typeof renewCertificatesJob>;

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
  /** Issues the certificates of deployments' domain names when no ACME CA is configured. */
  certificateIssuer: CertificateIssuer;
  /** The ACME CA every certificate is ordered from, when MERIDIAN_ACME_DIRECTORY_URL is set. */
  acme?: AcmeConnection;
  /** Meridian's own DNS servers a challenge TXT must be answered by before the CA looks. */
  answeringServers: { host: string; port: number }[];
  /** How often the renewal round runs (MERIDIAN_CERT_RENEWAL_CHECK_SECONDS). */
  renewalCheckIntervalMs: number;
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
