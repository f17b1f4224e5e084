import { appApiMessages } from '@meridian/domain/apps/app-api';
import {
  rolloutInProgressMessage,
  rolloutMessages,
  type RollbackRequest,
  type Rollout,
} from '@meridian/domain/apps/rollout';
import { eventType } from '@meridian/domain/events/event-catalogue';
import type { Database } from '../../../platform/db/database';
import { ConflictError, NotFoundError, ValidationError } from '../../../platform/http/errors';
import type { HistoryActor } from '../../../platform/http/request-actor';
import { ownApp } from '../app/app.records';
import { payloadOf } from '../deployment/deployment.events';
import { deploymentWork, deploymentWorkOfAppOn } from '../deployment/deployment.records';
import type { DeploymentWork } from '../deployment/deployment.types';
import { recordEvent } from '../../account/account.public';
import { recordHistory } from '../history/history.records';
import { requestsPerDayByDeployment } from '../../intelligence/intelligence.public';
import { ownVersion } from '../version/version.records';
import { inRolloutTransaction, type RolloutContext, type Sender } from './rollout.context';
import { toRollout } from './rollout.mapper';
import {
  activeRollout,
  changeRollout,
  findRollout,
  insertRollout,
  rolloutsOfApp,
} from './rollout.queries';
import { lockApp } from '../app/app.queries';
import { requireSettled } from '../deployment/deployment.rollout';
import { listVersionRows } from '../version/version.queries';
import type { AppRow, VersionRow } from '../../../platform/db/schema/apps';
import type { SmartClusterRow } from '../../../platform/db/schema/clusters';

/** Defaults of a rollout's gate where the request leaves them out. */
export const defaultBakeSeconds = 60;
export const defaultErrorMargin = 0.02;

/**
 * Starts moving the deployment's smart cluster from the version it runs to another version of
 * the same app, one location at a time (least traffic first): `POST …/deployment/{id}/rollback`.
 */
export async function startRollback(
  context: RolloutContext,
  userId: string,
  actor: HistoryActor,
  deploymentId: string,
  request: RollbackRequest,
): Promise<Rollout> {
  const id = await inRolloutTransaction(context, async (tx, send) => {
    const work = await deploymentWork(tx, deploymentId);
    if (!work || work.deployment.userId !== userId || work.cluster.deleted) {
      throw new NotFoundError('Deployment not found');
    }
    await lockApp(tx, work.app.id);
    await refuseActiveRollout(tx, work.app, work.smartCluster);
    const target = await ownVersion(tx, userId, request.version_uuid);
    return beginRollout(context, tx, send, {
      actor,
      app: work.app,
      smartCluster: work.smartCluster,
      target,
      gate: request,
    });
  });
  return rolloutOf(context, userId, id);
}

/** A 409 naming the rollout under way for the app on that smart cluster, if there is one. */
export async function refuseActiveRollout(
  tx: Database,
  app: Pick<AppRow, 'id' | 'userId'>,
  smartCluster: Pick<SmartClusterRow, 'id' | 'name'>,
): Promise<void> {
  const active = await activeRollout(tx, app.id, smartCluster.id);
  if (!active) return;
  const names = await versionNames({ db: tx }, app.userId, app.id);
  const message = rolloutInProgressMessage({
    uuid: active.id,
    toVersion: names.get(active.toVersionId) ?? 'another version',
    smartCluster: smartCluster.name,
  });
  throw new ConflictError(message, active.id);
}

/** A version change to start: the app (locked by the caller) on one smart cluster, to `target`. */
export interface VersionChange {
  actor: HistoryActor;
  app: AppRow;
  smartCluster: SmartClusterRow;
  target: VersionRow;
  gate: { bake_seconds?: number; error_margin?: number };
}

/**
 * Inserts the rollout of `change` with its locations in order, its history entry and event, and
 * sends its first step; answers its id. The caller holds the app's lock and checked that no
 * other rollout runs there.
 */
export async function beginRollout(
  context: RolloutContext,
  tx: Database,
  send: Sender,
  { actor, app, smartCluster, target, gate }: VersionChange,
): Promise<string> {
  const { userId } = app;
  const locations = await locationsToMove(tx, app.id, smartCluster.id, target);
  const previous = mostCommonVersion(locations);
  const ordered = await leastTrafficFirst(tx, context.now(), locations);
  const rollingBack = target.createdAt < previous.createdAt;
  const order = ordered.map(({ work: row }) => row.datacenter.location).join(', then ');
  const reason = `${rollingBack ? 'Rolling back' : 'Rolling out'} to ${target.name} one location at a time: ${order}.`;
  const rolloutId = await insertRollout(
    tx,
    {
      userId,
      appId: app.id,
      smartClusterId: smartCluster.id,
      fromVersionId: previous.id,
      toVersionId: target.id,
      status: 'running',
      reason,
      bakeSeconds: gate.bake_seconds ?? defaultBakeSeconds,
      errorMargin: gate.error_margin ?? defaultErrorMargin,
    },
    ordered.map(({ work: row, requests }, position) => ({
      position,
      deploymentId: row.deployment.id,
      clusterId: row.cluster.id,
      datacenterUuid: row.datacenter.uuid,
      location: row.datacenter.location,
      fromVersionId: row.version.id,
      state: 'waiting' as const,
      requestsPerDay: requests,
    })),
  );
  const historyId = await recordHistory(tx, {
    userId,
    appId: app.id,
    action: rollingBack ? 'rolled_back' : 'version_changed',
    version: target,
    fromVersion: previous,
    smartCluster,
    actor,
    outcome: 'pending',
    detail: reason,
    rolloutId,
    locations: [],
  });
  await changeRollout(tx, rolloutId, { historyId, updatedAt: context.now() });
  await recordEvent(tx, {
    userId,
    type: eventType('APP', 'UPDATE', 'PENDING'),
    payload: payloadOf(app, smartCluster, target, reason),
  });
  await send({ kind: 'advance-rollout', rolloutId });
  return rolloutId;
}

/**
 * Every live location of the app on the smart cluster not yet on `target`, whichever version it
 * runs (a halted rollout leaves some on each); 400 when none is left to move.
 */
async function locationsToMove(
  tx: Database,
  appId: string,
  smartClusterId: string,
  target: VersionRow,
): Promise<DeploymentWork[]> {
  if (target.appId !== appId) throw new ValidationError([rolloutMessages.otherApp]);
  if (target.deleting) throw new NotFoundError('Version not found');
  const locations = (await deploymentWorkOfAppOn(tx, appId, smartClusterId)).filter(
    (row) => !row.cluster.deleted && row.version.id !== target.id,
  );
  if (locations.length === 0) throw new ValidationError([rolloutMessages.sameVersion]);
  if (target.templateType === 'HEAT' || locations.some(isHeat)) {
    throw new ValidationError([rolloutMessages.heatVersion]);
  }
  requireSettled(locations, appApiMessages.deploymentInProgress);
  return locations;
}

const isHeat = (row: DeploymentWork) => row.version.templateType === 'HEAT';

/** The version most of the locations run: what the rollout is said to move from. */
function mostCommonVersion(locations: readonly DeploymentWork[]): VersionRow {
  const counts = new Map<string, { version: VersionRow; count: number }>();
  for (const { version } of locations) {
    const seen = counts.get(version.id) ?? { version, count: 0 };
    counts.set(version.id, { version, count: seen.count + 1 });
  }
  return [...counts.values()].sort((a, b) => b.count - a.count)[0]!.version;
}

/** The locations with their rate now (requests a day), the quietest first (then by name). */
async function leastTrafficFirst(tx: Database, at: Date, locations: readonly DeploymentWork[]) {
  const served = await requestsPerDayByDeployment(
    tx,
    locations.map((row) => row.deployment.id),
    at,
  );
  return locations
    .map((work) => ({ work, requests: Math.round(served.get(work.deployment.id) ?? 0) }))
    .sort(
      (a, b) =>
        a.requests - b.requests ||
        a.work.datacenter.location.localeCompare(b.work.datacenter.location),
    );
}

/** One of the user's rollouts as the API answers it, or 404. */
export async function rolloutOf(
  context: Pick<RolloutContext, 'db'>,
  userId: string,
  id: string,
): Promise<Rollout> {
  const found = await findRollout(context.db, id);
  if (!found || found.rollout.userId !== userId) throw new NotFoundError('Rollout not found');
  return toRollout(found, await versionNames(context, userId, found.rollout.appId));
}

/** The app's latest rollouts, newest first. */
export async function rolloutsOf(
  context: Pick<RolloutContext, 'db'>,
  userId: string,
  appId: string,
  limit: number,
): Promise<Rollout[]> {
  await ownApp(context.db, userId, appId);
  const names = await versionNames(context, userId, appId);
  return (await rolloutsOfApp(context.db, appId, limit)).map((found) => toRollout(found, names));
}

async function versionNames(context: Pick<RolloutContext, 'db'>, userId: string, appId: string) {
  const versions = await listVersionRows(context.db, userId, appId);
  return new Map(versions.map((version) => [version.id, version.name]));
}
