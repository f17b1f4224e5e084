import type { JobAttempt } from '../jobs/job-runner';
import type { DriverOperation, WorkloadOperation } from './infrastructure-driver';

const operationWords: Record<DriverOperation | WorkloadOperation, string> = {
  create: 'creation',
  update: 'update',
  delete: 'deletion',
  rollout: 'rollout',
  remove: 'removal',
  'create-stack': 'stack creation',
  'delete-stack': 'stack deletion',
};

/**
 * A driver call that failed on its last attempt, as a user reads it: what failed in plain words
 * and a reference to the log line that keeps the raw detail (status lines, headers, stacks never
 * reach the status reason; docs/architecture.md "Events").
 */
export function driverFailureReason(
  location: string,
  operation: DriverOperation | WorkloadOperation,
  attempt: JobAttempt,
  error: unknown,
): string {
  attempt.report(error);
  const tries = attempt.retryCount + 1;
  return (
    `${location}: the ${operationWords[operation]} failed after ${tries} attempt${tries === 1 ? '' : 's'}. ` +
    `Try again, or give support the reference ${attempt.id}.`
  );
}
