import type { StackOutput, StackParameter } from '@meridian/domain/apps/stack-output';
import { isInProgress } from '@meridian/domain/status';
import type { Database } from '../../../platform/db/database';
import { meterDeployment, recordEvent } from '../../account/account.public';
import type { AppsContext } from '../apps-context';
import { eventFor, payloadOf, previewEvent, removalOperations } from './deployment.events';
import type { DeploymentWork } from './deployment.types';
import { settleAppDeletion } from '../app/app.records';
import { settleHistoryLocation } from '../history/history.records';
import { settleVersionDeletion } from '../version/version.records';
import {
  changeDeploymentIfStill,
  deleteDeploymentIfStill,
  groupSiblings,
  remainingDeploymentsOfApp,
} from './deployment.queries';
import { lockApp } from '../app/app.queries';

export type StepOutcome =
  | {
      ok: true;
      endpoint?: string | null;
      readyReplicas?: number;
      stackOutputs?: StackOutput[];
      stackParameters?: StackParameter[];
    }
  | { ok: false; reason: string };

/**
 * After a deployment's operation ends: once none of its group (same app, version and smart
 * cluster) is still working on that operation, one event reports the group's outcome; a
 * version or app waiting for its deployments to go is deleted (or its deletion fails).
 */
export async function settleGroup(
  context: AppsContext,
  tx: Database,
  work: DeploymentWork,
  outcome: { ok: true } | { ok: false; reason: string },
): Promise<void> {
  const { now } = context;
  const { app, version, smartCluster, deployment } = work;
  const siblings = await groupSiblings(tx, work);
  if (siblings.some((sibling) => isInProgress(sibling.status))) return;
  const failures = [
    ...(outcome.ok ? [] : [outcome.reason]),
    ...siblings
      .filter((sibling) => sibling.status === 'failure')
      .map((sibling) => sibling.reason ?? ''),
  ].filter((reason, index, all) => reason !== '' && all.indexOf(reason) === index);
  const failed = !outcome.ok || siblings.some((sibling) => sibling.status === 'failure');
  const ending = failed ? 'REJECTED' : 'FULFILLED';
  const reason = failed ? failures.join('\n') : null;
  await recordEvent(
    tx,
    deployment.previewNumber === null
      ? {
          userId: app.userId,
          type: eventFor(version.templateType, deployment.operation, ending),
          payload: payloadOf(app, smartCluster, version, reason),
        }
      : { userId: app.userId, ...previewEvent(work, deployment.operation, ending, reason) },
  );
  if (!removalOperations.includes(deployment.operation)) return;

  const left = await remainingDeploymentsOfApp(tx, app.id);
  const ofVersion = left.filter((row) => row.versionId === version.id);
  await settleVersionDeletion(tx, app, version, ofVersion, failures, now());
  await settleAppDeletion(tx, app, left, failures, now());
}

/** Ends a deployment's operation once: the conditional write is the guard against re-runs. */
export async function finishDeployment(
  context: AppsContext,
  work: DeploymentWork,
  outcome: StepOutcome,
): Promise<void> {
  const { db, now } = context;
  const { deployment } = work;
  const removing = deployment.status === 'deleting';
  await db.transaction(async (tx) => {
    // Lock order everywhere: app, then its deployments.
    await lockApp(tx, deployment.appId);
    const changed = outcome.ok
      ? removing
        ? await deleteDeploymentIfStill(tx, deployment)
        : await changeDeploymentIfStill(tx, deployment, {
            status: 'success',
            statusReason: null,
            endpoint: outcome.endpoint ?? null,
            readyReplicas: outcome.readyReplicas ?? 0,
            stackOutputs: outcome.stackOutputs ?? null,
            stackParameters: outcome.stackParameters ?? null,
            operationDeadline: null,
            updatedAt: now(),
          })
      : await changeDeploymentIfStill(tx, deployment, {
          status: 'failure',
          statusReason: outcome.reason,
          operationDeadline: null,
          updatedAt: now(),
        });
    if (!changed) return;
    await settleHistoryLocation(
      tx,
      deployment.id,
      outcome.ok ? 'success' : 'failure',
      outcome.ok ? null : outcome.reason,
    );
    await meterDeployment(tx, work, removing, outcome.ok, now());
    await settleGroup(context, tx, work, outcome.ok ? { ok: true } : outcome);
  });
}
