import {
  appApiMessages,
  type Deployment,
  type DeploymentUpdate,
} from '@meridian/domain/apps/app-api';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/http/errors';
import type { HistoryActor } from '../../platform/http/request-actor';
import { recordEvent } from '../event/event.service';
import { lockAppForChange, touchApp } from '../app/app.records';
import { ownLiveSmartCluster } from '../cluster/cluster.records';
import {
  historyLocationsOfViews,
  recordHistory,
  recordWorkHistory,
  updateDetail,
} from '../history/history.records';
import { ownVersion } from '../version/version.records';
import { inTransaction, type AppsContext } from './apps-context';
import { eventFor, payloadOf } from './deployment.events';
import { toDeployment } from './deployment.mapper';
import {
  changeDeploymentRow,
  deploymentIdsOfVersionOn,
  deploymentsOfVersionOn,
  deploymentsWithIds,
  deploymentViewsOnSmartCluster,
  listDeploymentViews,
  workOfDeployment,
  workOfUserDeployments,
  workOfVersion,
} from './deployment.queries';
import type { DeploymentWork } from './deployment.types';
import {
  readySmartClusters,
  requireSettled,
  startDeployments,
  startRemovals,
  startUpdates,
} from './deployment.rollout';

/** Deploys a version onto more smart clusters; a failed deployment there is rolled out again. */
export async function deployVersion(
  context: AppsContext,
  userId: string,
  versionId: string,
  smartClusterIds: readonly string[],
  actor: HistoryActor,
): Promise<Deployment[]> {
  const { db, now } = context;
  const version = await ownVersion(db, userId, versionId);
  const targets = await readySmartClusters(context, userId, smartClusterIds, version.templateType);
  const ids = await inTransaction(context, async (tx, send) => {
    const app = await lockAppForChange(tx, version.appId);
    if (!app || app.deleting || version.deleting) throw new NotFoundError('Version not found');
    const existing = await workOfVersion(tx, versionId);
    const fresh: typeof targets = [];
    const retried: DeploymentWork[] = [];
    for (const target of targets) {
      const there = existing.filter(
        (work) => work.smartCluster.id === target.smart.id && !work.cluster.deleted,
      );
      if (there.length === 0) {
        fresh.push(target);
      } else if (there.every((work) => work.deployment.status === 'failure')) {
        retried.push(...there);
      } else {
        throw new ConflictError(appApiMessages.alreadyDeployed);
      }
    }
    await startDeployments(context, tx, send, app, version, fresh, 'deploy');
    for (const work of retried) {
      await changeDeploymentRow(tx, work.deployment.id, {
        status: 'pending',
        statusReason: null,
        operation: 'deploy',
        operationDeadline: null,
        updatedAt: now(),
      });
      await send({ kind: 'rollout-deployment', deploymentId: work.deployment.id });
    }
    const retriedGroups = new Map(retried.map((work) => [work.smartCluster.id, work]));
    for (const work of retriedGroups.values()) {
      await recordEvent(tx, {
        userId,
        type: eventFor(version.templateType, 'deploy', 'PENDING'),
        payload: payloadOf(app, work.smartCluster, version),
      });
    }
    for (const { smart } of targets) {
      const views = await listDeploymentViews(
        tx,
        deploymentsOfVersionOn(userId, versionId, smart.id),
      );
      await recordHistory(tx, {
        userId,
        appId: app.id,
        action: 'deployed',
        version: { id: version.id, name: version.name },
        smartCluster: { id: smart.id, name: smart.name },
        actor,
        locations: historyLocationsOfViews(views),
      });
    }
    await touchApp(tx, app.id, now());
    return deploymentIdsOfVersionOn(tx, versionId, smartClusterIds);
  });
  return (await listDeploymentViews(db, deploymentsWithIds(ids))).map(toDeployment);
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
    await lockAppForChange(tx, found.app.id);
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
    for (const appId of new Set(rows.map((work) => work.app.id))) await lockAppForChange(tx, appId);
    requireSettled(rows, appApiMessages.deploymentInProgress);
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
