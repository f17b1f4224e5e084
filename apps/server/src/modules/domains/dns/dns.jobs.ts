import { eventType } from '@meridian/domain/events/event-catalogue';
import { defineJob, type JobAttempt } from '../../../platform/jobs/job-queue';
import { crashPoint } from '../../../platform/jobs/crash-points';
import { deploymentViewsWithIds, setDeploymentDomainNames } from '../../apps/apps.public';
import {
  publishEverywhere,
  publishNamesJob,
  type DomainContext,
  type DomainJob,
} from '../domain-context';
import { recordEvent } from '../../account/account.public';
import { namesPayload } from './deployment-names.service';

/** Confirms a deployment's new domain names are served; a failure leaves a retry (spec "States and transitions"). */
async function publishDeploymentNames(
  context: DomainContext,
  job: Extract<DomainJob, { kind: 'publish-deployment-names' }>,
  attempt: JobAttempt,
): Promise<void> {
  const { db } = context;
  const [view] = await deploymentViewsWithIds(db, [job.deploymentId]);
  if (!view || view.deployment.status !== 'pending') return;
  const failure = await publishEverywhere(context, attempt);
  // Test-only kill (crash matrix): published, not yet recorded.
  crashPoint('published');
  await db.transaction(async (tx) => {
    await setDeploymentDomainNames(tx, view.deployment.id, {
      status: failure ? 'update_subdomains_failure' : 'success',
      statusReason: failure ?? null,
    });
    await recordEvent(tx, {
      userId: view.deployment.userId,
      type: eventType('SMART_CLUSTER_APP_SUBDOMAIN', 'UPDATE', failure ? 'REJECTED' : 'FULFILLED'),
      payload: namesPayload(view, failure),
    });
  });
}

/** The DNS module's durable job, for the one queue. */
export function dnsJobs(context: DomainContext) {
  return [
    defineJob('publish-deployment-names', publishNamesJob, (job, attempt) =>
      publishDeploymentNames(context, job, attempt),
    ),
  ];
}
