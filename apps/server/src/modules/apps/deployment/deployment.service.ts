import {
  appApiMessages,
  type Deployment,
  type DeploymentUpdate,
} from '@meridian/domain/apps/app-api';
import type { Database } from '../../../platform/db/database';
import { ConflictError, NotFoundError, ValidationError } from '../../../platform/http/errors';
import type { HistoryActor } from '../../../platform/http/request-actor';
import { recordEvent } from '../../account/account.public';
import { touchApp } from '../app/app.records';
import { ownLiveSmartCluster } from '../../clusters/clusters.public';
import {
  historyLocationsOfViews,
  recordHistory,
  recordWorkHistory,
  updateDetail,
} from '../history/history.records';
import { abortRolloutsForRemoval } from '../rollout/rollout.removal';
import { inTransaction, type AppsContext } from '../apps-context';
import { eventFor, payloadOf } from './deployment.events';
import { toDeployment } from './deployment.mapper';
import {
  changeDeploymentRow,
  deploymentIdsOfVersionOn,
  deploymentsWithIds,
  deploymentViewsOnSmartCluster,
  listDeploymentViews,
  workOfDeployment,
  workOfUserDeployments,
} from './deployment.queries';
import { deploymentWorkOfAppOn } from './deployment.records';
import type { DeploymentWork } from './deployment.types';
import {
  requireSettled,
  startDeployments,
  startRemovals,
  startUpdates,
} from './deployment.rollout';
import type { DeploymentJob } from './deployment-job-kinds';
import { lockApp } from '../app/app.queries';
import type { AppRow, VersionRow } from '../../../platform/db/schema/apps';
import type { ClusterRow, SmartClusterRow } from '../../../platform/db/schema/clusters';

/** What `deployVersionOn` is asked: the version, where (ready smart clusters), and by whom. */
export interface VersionPlacement {
  app: AppRow;
  version: VersionRow;
  targets: readonly { smart: SmartClusterRow; members: ClusterRow[] }[];
  actor: HistoryActor;
}

/**
 * Puts a version on every member of the smart clusters where the app runs nothing yet, and rolls
 * out again its failed deployments there; members where it already runs keep their deployment
 * (an app has one deployment per member cluster). Members running another version are the
 * caller's: that is a version change. Runs in the caller's transaction, under the app's lock;
 * answers the version's deployment ids on those smart clusters.
 */
export async function deployVersionOn(
  context: Pick<AppsContext, 'secrets' | 'now'>,
  tx: Database,
  send: (job: DeploymentJob) => Promise<void>,
  { app, version, targets, actor }: VersionPlacement,
): Promise<string[]> {
  const { now } = context;
  let changed = false;
  for (const { smart, members } of targets) {
    const there = (await deploymentWorkOfAppOn(tx, app.id, smart.id)).filter(
      (work) => !work.cluster.deleted,
    );
    // A member being cleared cannot take a deployment until its old one is gone.
    if (there.some((work) => work.deployment.status === 'deleting')) {
      throw new ConflictError(appApiMessages.deploymentInProgress);
    }
    const empty = members.filter((member) => !there.some((work) => work.cluster.id === member.id));
    const retried = there.filter(
      (work) => work.version.id === version.id && work.deployment.status === 'failure',
    );
    if (empty.length === 0 && retried.length === 0) continue;
    changed = true;
    const inserted = await startDeployments(
      context,
      tx,
      send,
      app,
      version,
      [{ smart, members: empty }],
      'deploy',
    );
    await retryDeployments(context, tx, send, retried);
    const ids = [...inserted, ...retried.map((work) => work.deployment.id)];
    await recordHistory(tx, {
      userId: app.userId,
      appId: app.id,
      action: 'deployed',
      version: { id: version.id, name: version.name },
      smartCluster: { id: smart.id, name: smart.name },
      actor,
      locations: historyLocationsOfViews(await listDeploymentViews(tx, deploymentsWithIds(ids))),
    });
  }
  if (changed) await touchApp(tx, app.id, now());
  return deploymentIdsOfVersionOn(
    tx,
    version.id,
    targets.map(({ smart }) => smart.id),
  );
}

/** Failed deployments of a version rolled out again, one pending event per smart cluster. */
async function retryDeployments(
  context: Pick<AppsContext, 'now'>,
  tx: Database,
  send: (job: DeploymentJob) => Promise<void>,
  retried: readonly DeploymentWork[],
): Promise<void> {
  for (const work of retried) {
    await changeDeploymentRow(tx, work.deployment.id, {
      status: 'pending',
      statusReason: null,
      operation: 'deploy',
      operationDeadline: null,
      updatedAt: context.now(),
    });
    await send({ kind: 'rollout-deployment', deploymentId: work.deployment.id });
  }
  const first = retried[0];
  if (!first) return;
  await recordEvent(tx, {
    userId: first.app.userId,
    type: eventFor(first.version.templateType, 'deploy', 'PENDING'),
    payload: payloadOf(first.app, first.smartCluster, first.version),
  });
}

export async function updateDeployment(
  context: AppsContext,
  userId: string,
  deploymentId: string,
  change: DeploymentUpdate,
  actor: HistoryActor,
): Promise<Deployment> {
  const { db } = context;
  await inTransaction(context, async (tx, send) => {
    const [found] = await workOfDeployment(tx, deploymentId);
    if (!found || found.deployment.userId !== userId || found.cluster.deleted) {
      throw new NotFoundError('Deployment not found');
    }
    await lockApp(tx, found.app.id);
    if (found.version.templateType === 'HEAT') {
      throw new ValidationError([appApiMessages.imageUpdateNeedsKubernetes]);
    }
    requireSettled([found], appApiMessages.deploymentInProgress);
    await recordWorkHistory(tx, [found], {
      action: 'updated',
      actor,
      detail: updateDetail(change),
    });
    await startUpdates(context, tx, send, [found], {
      imageName: change.image_name,
      replicas: change.replicas,
    });
  });
  const [view] = await listDeploymentViews(db, deploymentsWithIds([deploymentId]));
  return toDeployment(view!);
}

/**
 * Removes deployments. One that a rollout is moving is taken out of it: the rollout is aborted
 * (the other locations it reached go back) and says why, then the removal goes on.
 */
export async function removeDeployments(
  context: AppsContext,
  userId: string,
  ids: readonly string[],
  actor: HistoryActor,
): Promise<{ status: 'success' | 'deleting' }> {
  const { now } = context;
  const unique = [...new Set(ids)];
  return inTransaction(context, async (tx, send) => {
    const rows = await workOfUserDeployments(tx, userId, unique);
    if (rows.length !== unique.length) throw new NotFoundError('Deployment not found');
    for (const appId of new Set(rows.map((work) => work.app.id))) await lockApp(tx, appId);
    const moving = await abortRolloutsForRemoval(context, tx, send, rows, actor);
    requireSettled(
      rows.filter(
        (work) => !moving.has(work.deployment.id) || work.deployment.status === 'deleting',
      ),
      appApiMessages.deploymentInProgress,
    );
    let left = 0;
    for (const appId of new Set(rows.map((work) => work.app.id))) {
      const ofApp = rows.filter((work) => work.app.id === appId);
      await recordWorkHistory(tx, ofApp, { action: 'removed', actor });
      left += await startRemovals(context, tx, send, ofApp[0]!.app, ofApp, 'delete');
      await touchApp(tx, appId, now());
    }
    return { status: left > 0 ? ('deleting' as const) : ('success' as const) };
  });
}

export async function deploymentsOnSmartCluster(
  context: AppsContext,
  userId: string,
  smartClusterId: string,
): Promise<Deployment[]> {
  const { db } = context;
  await ownLiveSmartCluster(db, userId, smartClusterId);
  const views = await deploymentViewsOnSmartCluster(db, userId, smartClusterId);
  return views.map(toDeployment);
}
