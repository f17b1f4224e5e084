import { appApiMessages } from '@meridian/domain/apps/app-api';
import type {
  VersionDeploymentRequest,
  VersionDeploymentResult,
} from '@meridian/domain/apps/rollout';
import { ConflictError, NotFoundError, ValidationError } from '../../../platform/http/errors';
import type { HistoryActor } from '../../../platform/http/request-actor';
import { toDeployment } from '../deployment/deployment.mapper';
import { deploymentViewsWithIds, deploymentWorkOfAppOn } from '../deployment/deployment.records';
import { deployVersionOn } from '../deployment/deployment.service';
import { ownVersion } from '../version/version.records';
import { inRolloutTransaction, type RolloutContext } from './rollout.context';
import { beginRollout, refuseActiveRollout, rolloutOf } from './rollout.service';
import { lockApp } from '../app/app.queries';
import { readySmartClusters } from '../deployment/deployment.rollout';

/**
 * `POST /cluster/clusters/versions`: a version onto smart clusters. An app has one deployment per
 * member cluster, so where it runs another version this is a version change, the progressive
 * rollout (docs/deployment-lifecycle.md); elsewhere the version is deployed (again where it
 * failed). Answers the rollout when one starts, else the version's deployments there.
 */
export async function deployVersion(
  context: RolloutContext,
  userId: string,
  request: VersionDeploymentRequest,
  actor: HistoryActor,
): Promise<VersionDeploymentResult> {
  const version = await ownVersion(context.db, userId, request.version_uuid);
  const targets = await readySmartClusters(
    context,
    userId,
    request.smart_cluster_uuids,
    version.templateType,
  );
  const outcome = await inRolloutTransaction(context, async (tx, send) => {
    const app = await lockApp(tx, version.appId);
    if (!app || app.deleting || version.deleting) throw new NotFoundError('Version not found');
    const changes: typeof targets = [];
    for (const target of targets) {
      await refuseActiveRollout(tx, app, target.smart);
      const there = (await deploymentWorkOfAppOn(tx, app.id, target.smart.id)).filter(
        (work) => !work.cluster.deleted,
      );
      const others = there.filter((work) => work.version.id !== version.id);
      if (others.length === 0) continue;
      if (
        version.templateType === 'HEAT' ||
        others.some((w) => w.version.templateType === 'HEAT')
      ) {
        throw new ConflictError(appApiMessages.heatVersionChange);
      }
      changes.push(target);
    }
    const change = changes[0];
    if (change && targets.length > 1) {
      throw new ValidationError([appApiMessages.versionChangeAlone]);
    }
    const ids = await deployVersionOn(context, tx, send, { app, version, targets, actor });
    if (!change) return { ids };
    const rolloutId = await beginRollout(context, tx, send, {
      actor,
      app,
      smartCluster: change.smart,
      target: version,
      gate: request,
    });
    return { rolloutId };
  });
  if (outcome.rolloutId) return rolloutOf(context, userId, outcome.rolloutId);
  return (await deploymentViewsWithIds(context.db, outcome.ids ?? [])).map(toDeployment);
}
