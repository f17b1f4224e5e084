import { appApiMessages, type Deployment } from '@meridian/domain/apps/app-api';
import { NotFoundError } from '../../../platform/http/errors';
import type { HistoryActor } from '../../../platform/http/request-actor';
import { ownApp } from '../app/app.records';
import { inTransaction, type AppsContext } from '../apps-context';
import { toDeployment } from '../deployment/deployment.mapper';
import { deploymentViewsWithIds, deploymentWorkOfApp } from '../deployment/deployment.records';
import { requireSettled, startUpdates } from '../deployment/deployment.rollout';
import { recordWorkHistory, updateDetail } from '../history/history.records';
import { lockApp } from '../app/app.queries';

/** CI/CD: roll `imageName` out on the app's deployments on these smart (or member) clusters. */
export async function rollOutImage(
  context: AppsContext,
  userId: string,
  appId: string,
  clusterIds: readonly string[],
  imageName: string,
  actor: HistoryActor,
): Promise<Deployment[]> {
  const { db } = context;
  const app = await ownApp(db, userId, appId);
  const ids = await inTransaction(context, async (tx, send) => {
    const locked = await lockApp(tx, app.id);
    if (!locked || locked.deleting) throw new NotFoundError('App not found');
    const all = await deploymentWorkOfApp(tx, app.id);
    const matching = all.filter(
      (work) =>
        !work.cluster.deleted &&
        (clusterIds.includes(work.smartCluster.id) || clusterIds.includes(work.cluster.id)),
    );
    const kubernetes = matching.filter((work) => work.version.templateType !== 'HEAT');
    if (kubernetes.length === 0) {
      throw new NotFoundError(
        matching.length > 0
          ? appApiMessages.imageUpdateNeedsKubernetes
          : appApiMessages.noKubernetesDeployment,
      );
    }
    // On each smart cluster, the newest version deployed there is the one that runs the app.
    const newest = new Map<string, Date>();
    for (const work of kubernetes) {
      const seen = newest.get(work.smartCluster.id);
      if (!seen || work.version.createdAt > seen)
        newest.set(work.smartCluster.id, work.version.createdAt);
    }
    const targets = kubernetes.filter(
      (work) => work.version.createdAt.getTime() === newest.get(work.smartCluster.id)!.getTime(),
    );
    requireSettled(targets, appApiMessages.deploymentInProgress);
    await recordWorkHistory(tx, targets, {
      action: 'image_updated',
      actor,
      detail: updateDetail({ image_name: imageName }),
    });
    await startUpdates(context, tx, send, targets, { imageName, replicas: undefined });
    return targets.map((work) => work.deployment.id);
  });
  return (await deploymentViewsWithIds(db, ids)).map(toDeployment);
}
