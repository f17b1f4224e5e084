import { isInProgress, type Status } from '@meridian/domain/status';
import type { Database } from '../../../platform/db/database';
import { recordEvent } from '../../account/account.public';
import {
  historyLocationsOfViews,
  recordHistory,
  recordWorkHistory,
} from '../history/history.records';
import type { AppsContext } from '../apps-context';
import { eventFor, payloadOf } from './deployment.events';
import {
  deploymentsWithIds,
  insertDeploymentRows,
  listDeploymentViews,
  statusesOnClusters,
  workOnClusters,
} from './deployment.queries';
import { rolloutShape, startRemovals } from './deployment.rollout';
import type { DeploymentWork } from './deployment.types';
import type { DeploymentJob } from './deployment-job-kinds';
import { lockApp } from '../app/app.queries';
import { type HistoryActor } from '../../../platform/http/request-actor';

/**
 * Moving a smart cluster's deployments when it is placed again (architecture "Placement"): the
 * smart-cluster module brings the new members up, asks here to carry every version onto them,
 * waits for them, then removes the old ones. Each call is safe to repeat after a crash.
 */
type MoveContext = Pick<AppsContext, 'secrets' | 'now'>;

/** Who moves deployments in an app's history: Meridian's placement, not the user. */
const placementActor: HistoryActor = { kind: 'meridian', name: 'Placement' };
type Send = (job: DeploymentJob) => Promise<void>;

/**
 * The deployment each app carries to new members: one of the version most of its members run
 * (the newest on a tie, as a halted rollout may leave two), a successful one if there is.
 */
function oneOfEachApp(works: readonly DeploymentWork[]): DeploymentWork[] {
  const byApp = new Map<string, DeploymentWork[]>();
  for (const work of works) {
    if (work.deployment.status === 'deleting' || work.app.deleting || work.version.deleting) {
      continue;
    }
    // A preview is not carried: it goes with its old member, and the request's next commit
    // deploys it again.
    if (work.deployment.previewNumber !== null) continue;
    byApp.set(work.app.id, [...(byApp.get(work.app.id) ?? []), work]);
  }
  return [...byApp.values()].map((rows) => {
    const count = (versionId: string) => rows.filter((row) => row.version.id === versionId).length;
    const succeeded = (row: DeploymentWork) => Number(row.deployment.status === 'success');
    return [...rows].sort(
      (a, b) =>
        count(b.version.id) - count(a.version.id) ||
        b.version.createdAt.getTime() - a.version.createdAt.getTime() ||
        succeeded(b) - succeeded(a),
    )[0]!;
  });
}

/**
 * Starts, on each of `toMembers`, every app running on `fromMembers` with the same version,
 * image, replicas and domain names; an app already there is skipped (one deployment per app
 * and member cluster). Answers how many it started.
 */
export async function carryDeployments(
  context: MoveContext,
  tx: Database,
  send: Send,
  smartClusterId: string,
  fromMembers: readonly string[],
  toMembers: readonly string[],
): Promise<number> {
  if (fromMembers.length === 0 || toMembers.length === 0) return 0;
  const sources = oneOfEachApp(await workOnClusters(tx, fromMembers, smartClusterId));
  const already = await workOnClusters(tx, toMembers, smartClusterId);
  let started = 0;
  for (const { app, version, smartCluster, deployment } of sources) {
    await lockApp(tx, app.id);
    const missing = toMembers.filter(
      (member) => !already.some((work) => work.cluster.id === member && work.app.id === app.id),
    );
    if (missing.length === 0) continue;
    const overrides = { imageName: deployment.imageName, replicas: deployment.replicas };
    const ids = await insertDeploymentRows(
      tx,
      missing.map((clusterId) => ({
        userId: app.userId,
        appId: app.id,
        versionId: version.id,
        smartClusterId,
        clusterId,
        status: 'pending' as const,
        operation: 'deploy' as const,
        ...overrides,
        domainNames: deployment.domainNames,
        certificateUuid: deployment.certificateUuid,
        ...rolloutShape(context, version, overrides),
      })),
    );
    await recordEvent(tx, {
      userId: app.userId,
      type: eventFor(version.templateType, 'deploy', 'PENDING'),
      payload: payloadOf(app, smartCluster, version),
    });
    await recordHistory(tx, {
      userId: app.userId,
      appId: app.id,
      action: 'deployed',
      version,
      smartCluster,
      actor: placementActor,
      detail: 'The smart cluster was placed again: the version is carried to its new locations.',
      locations: historyLocationsOfViews(await listDeploymentViews(tx, deploymentsWithIds(ids))),
    });
    for (const id of ids) await send({ kind: 'rollout-deployment', deploymentId: id });
    started += ids.length;
  }
  return started;
}

/** The statuses of the deployments on these members. */
export async function deploymentStatusesOn(
  db: Database,
  members: readonly string[],
): Promise<Status[]> {
  return members.length === 0 ? [] : statusesOnClusters(db, members);
}

/** Whether any deployment on these members is still being worked on. */
export async function deploymentsBusyOn(db: Database, members: readonly string[]) {
  return (await deploymentStatusesOn(db, members)).some(isInProgress);
}

/** Removes every deployment on these members (their smart cluster moved away from them). */
export async function removeDeploymentsOn(
  context: MoveContext,
  tx: Database,
  send: Send,
  members: readonly string[],
): Promise<number> {
  if (members.length === 0) return 0;
  const works = await workOnClusters(tx, members);
  const byApp = new Map<string, DeploymentWork[]>();
  for (const work of works) {
    if (work.deployment.status === 'deleting') continue;
    byApp.set(work.app.id, [...(byApp.get(work.app.id) ?? []), work]);
  }
  let left = 0;
  for (const rows of byApp.values()) {
    await lockApp(tx, rows[0]!.app.id);
    await recordWorkHistory(tx, rows, {
      action: 'removed',
      actor: placementActor,
      detail: 'The smart cluster moved away from these locations.',
    });
    left += await startRemovals(context, tx, send, rows[0]!.app, rows, 'delete');
  }
  return left;
}
