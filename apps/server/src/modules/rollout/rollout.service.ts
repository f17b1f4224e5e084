import { appApiMessages } from '@meridian/domain/apps/app-api';
import { rolloutMessages, type RollbackRequest, type Rollout } from '@meridian/domain/apps/rollout';
import { eventType } from '@meridian/domain/events/event-catalogue';
import type { Database } from '../../platform/db/database';
import type { VersionRow } from '../../platform/db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/http/errors';
import type { HistoryActor } from '../../platform/http/request-actor';
import { lockAppForChange, ownApp } from '../app/app.records';
import { payloadOf } from '../deployment/deployment.events';
import {
  deploymentWork,
  deploymentWorkOfAppOn,
  requireSettledDeployments,
} from '../deployment/deployment.records';
import type { DeploymentWork } from '../deployment/deployment.types';
import { recordEvent } from '../event/event.service';
import { recordHistory } from '../history/history.records';
import { requestsPerDayByDeployment } from '../intelligence/traffic.records';
import { ownVersion, versionSummaries } from '../version/version.records';
import { inRolloutTransaction, type RolloutContext } from './rollout.context';
import { toRollout } from './rollout.mapper';
import {
  activeRollout,
  changeRollout,
  findRollout,
  insertRollout,
  rolloutsOfApp,
} from './rollout.queries';

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
    await lockAppForChange(tx, work.app.id);
    if (await activeRollout(tx, work.app.id, work.smartCluster.id)) {
      throw new ConflictError(rolloutMessages.rolloutActive);
    }
    const target = await ownVersion(tx, userId, request.version_uuid);
    const locations = await locationsToMove(tx, work, target);
    const previous = mostCommonVersion(locations);
    const ordered = await leastTrafficFirst(tx, context.now(), locations);
    const rolling = target.createdAt < previous.createdAt ? 'Rolling back' : 'Rolling out';
    const order = ordered.map(({ work: row }) => row.datacenter.location).join(', then ');
    const reason = `${rolling} to ${target.name} one location at a time: ${order}.`;
    const rolloutId = await insertRollout(
      tx,
      {
        userId,
        appId: work.app.id,
        smartClusterId: work.smartCluster.id,
        fromVersionId: previous.id,
        toVersionId: target.id,
        status: 'running',
        reason,
        bakeSeconds: request.bake_seconds ?? defaultBakeSeconds,
        errorMargin: request.error_margin ?? defaultErrorMargin,
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
      appId: work.app.id,
      action: target.createdAt < previous.createdAt ? 'rolled_back' : 'version_changed',
      version: target,
      fromVersion: previous,
      smartCluster: work.smartCluster,
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
      payload: payloadOf(work.app, work.smartCluster, target, reason),
    });
    await send({ kind: 'advance-rollout', rolloutId });
    return rolloutId;
  });
  return rolloutOf(context, userId, id);
}

/**
 * Every live location of the deployment's smart cluster not yet on `target`, whichever version it
 * runs (a halted rollout leaves some on each); 400 when none is left to move.
 */
async function locationsToMove(
  tx: Database,
  work: DeploymentWork,
  target: VersionRow,
): Promise<DeploymentWork[]> {
  if (target.appId !== work.app.id) throw new ValidationError([rolloutMessages.otherApp]);
  if (target.deleting) throw new NotFoundError('Version not found');
  const locations = (await deploymentWorkOfAppOn(tx, work.app.id, work.smartCluster.id)).filter(
    (row) => !row.cluster.deleted && row.version.id !== target.id,
  );
  if (locations.length === 0) throw new ValidationError([rolloutMessages.sameVersion]);
  if (target.templateType === 'HEAT' || locations.some(isHeat)) {
    throw new ValidationError([rolloutMessages.heatVersion]);
  }
  requireSettledDeployments(locations, appApiMessages.deploymentInProgress);
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
  const versions = await versionSummaries(context.db, userId, appId);
  return new Map(versions.map((version) => [version.id, version.name]));
}
