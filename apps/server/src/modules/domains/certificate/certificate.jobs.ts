import { Resolver } from 'node:dns/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { eventType } from '@meridian/domain/events/event-catalogue';
import { durableSteps, type StepRunner } from '../../../platform/jobs/durable-steps';
import { crashPoint } from '../../../platform/jobs/crash-points';
import { defineJob, type JobAttempt } from '../../../platform/jobs/job-queue';
import type { CertificateRow } from '../../../platform/db/schema/domains';
import { recordEvent } from '../../account/account.public';
import { findOwnDeployment } from '../../apps/apps.public';
import { issueCertificateJob, type DomainContext, type DomainJob } from '../domain-context';
import {
  answerChallenges,
  finishOrder,
  newKeyAndCsr,
  placeOrder,
  type AcmeConnection,
  type PendingChallenge,
} from './certificate.acme';
import { leafFacts } from './certificate.leaf';
import { changeCertificate, findCertificateRow, replaceChallenges } from './certificate.queries';

type IssueJob = Extract<DomainJob, { kind: 'issue-certificate' }>;

/** A chain and its sealed key: what an order ends with, kept as a durable step's output. */
interface StoredIssue {
  chainPem: string;
  privateKeySealed: string;
}

const hour = 3_600_000;
/** How long our own servers get to answer a new challenge TXT before the attempt fails. */
const answerWaitMs = 20_000;

/** The back-off before the renewal round orders again: 1, 2, 4 … hours, at most a day. */
export function retryDelayMs(failures: number): number {
  return Math.min(hour * 2 ** Math.max(0, failures - 1), 24 * hour);
}

/**
 * Order n of a certificate (docs/certificates.md): with ACME, key and CSR, order, TXT published
 * and answered by our own DNS, validation, chain; each a durable step, so a run after a crash
 * goes on from the last one done. Without ACME, the local authority signs in one step.
 */
async function issueCertificate(
  context: DomainContext,
  job: IssueJob,
  attempt: JobAttempt,
): Promise<void> {
  const row = await findCertificateRow(context.db, job.certificateId);
  if (!row || row.state !== 'renewing' || row.orderCount !== job.order) return;
  const steps = durableSteps(context.db, `certificate:${row.id}:${job.order}`);
  let issued: StoredIssue;
  try {
    issued = context.acme
      ? await orderFromAcme(context, context.acme, row, steps.step)
      : await steps.step('issued', () => issueLocally(context, row));
  } catch (error) {
    // An attempt that failed in this process starts its retry with a fresh order: a failed
    // validation leaves the old one invalid for good.
    await steps.forget();
    if (!attempt.final) throw error;
    await settleFailure(context, row, job.order, error);
    await syncQuietly(context);
    return;
  }
  crashPoint('issued');
  await settleIssued(context, row, job.order, issued);
  await steps.forget();
  await syncQuietly(context);
}

/** The TXT records are gone from the database; PowerDNS follows (it retries by itself too). */
async function syncQuietly(context: DomainContext): Promise<void> {
  for (const publisher of context.publishers) await publisher.sync().catch(() => undefined);
}

async function issueLocally(context: DomainContext, row: CertificateRow): Promise<StoredIssue> {
  const issued = await context.certificateIssuer.issue(row.domainNames);
  return {
    chainPem: issued.chainPem,
    privateKeySealed: context.secrets.seal(issued.privateKeyPem),
  };
}

async function orderFromAcme(
  context: DomainContext,
  acme: AcmeConnection,
  row: CertificateRow,
  step: StepRunner,
): Promise<StoredIssue> {
  const client = await acme.client();
  const key = await step('key', async () => {
    const made = await newKeyAndCsr(row.domainNames);
    return { privateKeySealed: context.secrets.seal(made.privateKeyPem), csrPem: made.csrPem };
  });
  const placed = await step('order', () => placeOrder(client, row.domainNames));
  await step('published', async () => {
    const records = placed.challenges.map(({ name, content }) => ({ name, content }));
    await replaceChallenges(context.db, row.id, records);
    for (const publisher of context.publishers) await publisher.sync();
    await waitUntilAnswered(context, placed.challenges);
    return true;
  });
  await step('validated', async () => {
    await answerChallenges(client, placed);
    return true;
  });
  const chainPem = await step('chain', () => finishOrder(client, placed, key.csrPem));
  return { chainPem, privateKeySealed: key.privateKeySealed };
}

/** Resolves once every one of our own DNS servers answers every challenge TXT. */
async function waitUntilAnswered(
  context: DomainContext,
  challenges: readonly PendingChallenge[],
): Promise<void> {
  const deadline = Date.now() + answerWaitMs;
  for (const server of context.answeringServers) {
    const resolver = new Resolver({ timeout: 1000, tries: 1 });
    resolver.setServers([`${server.host}:${server.port}`]);
    for (const { name, content } of challenges) {
      for (;;) {
        const answers = await resolver.resolveTxt(name).catch(() => [] as string[][]);
        if (answers.some((strings) => strings.join('') === content)) break;
        if (Date.now() > deadline) {
          throw new Error(
            `Meridian's DNS at ${server.host}:${server.port} does not answer ${name} TXT`,
          );
        }
        // The zone store reloads on the change feed's notice: moments, not seconds.
        await delay(100);
      }
    }
  }
}

/** What the certificate's events carry: its deployment's app and smart cluster. */
async function eventPayload(context: DomainContext, row: CertificateRow) {
  const view = await findOwnDeployment(context.db, row.userId, row.deploymentId);
  return {
    app_name: view?.appName,
    app_uuid: view?.deployment.appId,
    smart_cluster_name: view?.smartClusterName,
    smart_cluster_uuid: view?.deployment.smartClusterId,
  };
}

/** Stores the chain in the same row (the deployment keeps its certificate uuid), TXT removed. */
async function settleIssued(
  context: DomainContext,
  row: CertificateRow,
  order: number,
  issued: StoredIssue,
): Promise<void> {
  const payload = await eventPayload(context, row);
  await context.db.transaction(async (tx) => {
    const change = {
      ...issued,
      ...leafFacts(issued.chainPem),
      state: 'valid' as const,
      lastError: null,
      failures: 0,
      nextAttemptAt: null,
      warnedDays: null,
    };
    if (!(await changeCertificate(tx, row.id, change, { state: 'renewing', order }))) return;
    await replaceChallenges(tx, row.id, []);
    await recordEvent(tx, {
      userId: row.userId,
      type: eventType('CERTIFICATE', row.chainPem ? 'RENEW' : 'CREATE', 'FULFILLED'),
      payload,
    });
  });
}

/**
 * The order's last attempt failed: the row says why and when the round tries again, the TXT
 * goes. A first issue tells its owner at once; a renewal warns only as expiry nears (renewal.ts).
 */
async function settleFailure(
  context: DomainContext,
  row: CertificateRow,
  order: number,
  error: unknown,
): Promise<void> {
  const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  const failures = row.failures + 1;
  const payload = await eventPayload(context, row);
  await context.db.transaction(async (tx) => {
    const change = {
      state: 'failed' as const,
      lastError: reason,
      failures,
      nextAttemptAt: new Date(context.now().getTime() + retryDelayMs(failures)),
    };
    if (!(await changeCertificate(tx, row.id, change, { state: 'renewing', order }))) return;
    await replaceChallenges(tx, row.id, []);
    if (row.chainPem) return;
    await recordEvent(tx, {
      userId: row.userId,
      type: eventType('CERTIFICATE', 'CREATE', 'REJECTED'),
      payload: { ...payload, status_reason: reason },
    });
  });
}

/** The certificate job, for the one queue. */
export function certificateJobs(context: DomainContext) {
  return [
    defineJob('issue-certificate', issueCertificateJob, (job, attempt) =>
      issueCertificate(context, job, attempt),
    ),
  ];
}
