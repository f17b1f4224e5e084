import { certificateWarningDays } from '@meridian/domain/domains/certificate-api';
import { eventType } from '@meridian/domain/events/event-catalogue';
import { defineJob } from '../../../platform/jobs/job-queue';
import { scheduleNextRound } from '../../../platform/jobs/periodic-round';
import type { CertificateRow } from '../../../platform/db/schema/domains';
import { recordEvent } from '../../account/account.public';
import { findOwnDeployment } from '../../apps/apps.public';
import { inTransaction, renewCertificatesJob, type DomainContext } from '../domain-context';
import { changeCertificate, listSettledCertificates } from './certificate.queries';

/**
 * The renewal round (`renew-certificates`, a periodic durable job, docs/certificates.md): every
 * certificate is ordered again at two thirds of its lifetime, a failed order again after its
 * back-off, and an owner whose renewal keeps failing is warned 14, 7 and 1 days before expiry.
 */

const day = 24 * 3_600_000;

/** Queues the next round (once, whoever asks); each round queues the one after. */
export function scheduleRenewals(context: DomainContext, after: Date): Promise<void> {
  return scheduleNextRound<'renew-certificates'>(
    context.jobs,
    'renew-certificates',
    context.renewalCheckIntervalMs,
    after,
  );
}

export function renewalJob(context: DomainContext) {
  return defineJob('renew-certificates', renewCertificatesJob, async () => {
    // Rounds keep to the wall clock; what a round decides reads the app's clock (tests move it).
    await scheduleRenewals(context, new Date());
    await renewCertificates(context, context.now());
  });
}

/** Whether the round orders this certificate again now. */
export function renewalDue(row: CertificateRow, at: Date): boolean {
  if (row.state === 'failed') return (row.nextAttemptAt?.getTime() ?? 0) <= at.getTime();
  if (row.state !== 'valid' || !row.notBefore || !row.notAfter) return false;
  const lifetime = row.notAfter.getTime() - row.notBefore.getTime();
  return at.getTime() >= row.notBefore.getTime() + (lifetime * 2) / 3;
}

/** One round: warns, then starts the orders that are due. */
export async function renewCertificates(context: DomainContext, at: Date): Promise<void> {
  const failures: unknown[] = [];
  for (const row of await listSettledCertificates(context.db)) {
    // One certificate's trouble must not keep the others from renewing.
    try {
      await warnIfDue(context, row, at);
      if (renewalDue(row, at)) await startOrder(context, row);
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw new AggregateError(failures, 'some renewals did not start');
}

/**
 * Starts order n+1 of a certificate in the state it was read in (a first issue or a renewal):
 * the row turns `renewing` and the job is sent in the same transaction.
 */
export async function startOrder(
  context: DomainContext,
  row: Pick<CertificateRow, 'id' | 'state' | 'orderCount'>,
): Promise<void> {
  const order = row.orderCount + 1;
  await inTransaction(context, async (tx, send) => {
    const started = await changeCertificate(
      tx,
      row.id,
      { state: 'renewing', orderCount: order },
      { state: row.state, order: row.orderCount },
    );
    if (started) await send({ kind: 'issue-certificate', certificateId: row.id, order });
  });
}

/**
 * A renewal that keeps failing warns its owner at 14, 7 and 1 days left, each once: live and in
 * the event list (a `CERTIFICATE_RENEW_REJECTED` event saying when it expires and why).
 */
async function warnIfDue(context: DomainContext, row: CertificateRow, at: Date): Promise<void> {
  if (row.failures === 0 || !row.notAfter || !row.chainPem) return;
  const daysLeft = (row.notAfter.getTime() - at.getTime()) / day;
  if (daysLeft <= 0) return;
  const threshold = [...certificateWarningDays].reverse().find((days) => daysLeft <= days);
  if (threshold === undefined || (row.warnedDays !== null && row.warnedDays <= threshold)) return;
  const view = await findOwnDeployment(context.db, row.userId, row.deploymentId);
  const left = Math.ceil(daysLeft);
  const reason =
    `The certificate for ${row.domainNames.join(', ')} expires in ${left} ${left === 1 ? 'day' : 'days'} ` +
    `(${row.notAfter.toISOString().slice(0, 10)}) and its renewal keeps failing: ${row.lastError ?? 'unknown error'}`;
  await context.db.transaction(async (tx) => {
    const warned = await changeCertificate(
      tx,
      row.id,
      { warnedDays: threshold },
      { state: row.state },
    );
    if (!warned) return;
    await recordEvent(tx, {
      userId: row.userId,
      type: eventType('CERTIFICATE', 'RENEW', 'REJECTED'),
      payload: {
        app_name: view?.appName,
        app_uuid: view?.deployment.appId,
        smart_cluster_name: view?.smartClusterName,
        smart_cluster_uuid: view?.deployment.smartClusterId,
        status_reason: reason,
      },
    });
  });
}
