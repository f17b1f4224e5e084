import { eventType } from '@meridian/domain/events/event-catalogue';
import { defineJob, type JobAttempt } from '../../../platform/jobs/job-queue';
import { crashPoint } from '../../../platform/jobs/crash-points';
import { recordEvent } from '../../account/account.public';
import {
  publishDomainJob,
  publishEverywhere,
  type DomainContext,
  type DomainJob,
} from '../domain-context';
import { domainPayload } from './domain.mapper';
import { changeDomainRow, deleteDeletingDomain, findDomainRow } from './domain.queries';

/** Confirms a domain is served (or gone) by every publisher; retried by the job on failure. */
async function publishDomain(
  context: DomainContext,
  job: Extract<DomainJob, { kind: 'publish-domain' }>,
  attempt: JobAttempt,
): Promise<void> {
  const { db, now } = context;
  const row = await findDomainRow(db, job.domainId);
  if (!row || (row.status !== 'creating' && row.status !== 'deleting')) return;
  const failure = await publishEverywhere(context, attempt);
  // Test-only kill (crash matrix): published, not yet recorded.
  crashPoint('published');
  const action = row.status === 'deleting' ? 'DELETE' : 'CREATE';
  await db.transaction(async (tx) => {
    if (action === 'DELETE' && !failure) {
      await deleteDeletingDomain(tx, row.id);
    } else {
      const change = {
        status: failure ? ('failure' as const) : ('success' as const),
        statusReason: failure ?? null,
        updatedAt: now(),
      };
      const updated = await changeDomainRow(tx, row.id, change, row.status);
      if (!updated) return;
    }
    await recordEvent(tx, {
      userId: row.userId,
      type: eventType('DOMAIN', action, failure ? 'REJECTED' : 'FULFILLED'),
      payload: domainPayload(row, failure),
    });
  });
}

/** The domain's durable job, for the one queue. */
export function domainJobs(context: DomainContext) {
  return [
    defineJob('publish-domain', publishDomainJob, (job, attempt) =>
      publishDomain(context, job, attempt),
    ),
  ];
}
