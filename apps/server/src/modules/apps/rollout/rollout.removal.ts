import type { Database } from '../../../platform/db/database';
import type { HistoryActor } from '../../../platform/http/request-actor';
import { settleHistoryLocation } from '../history/history.records';
import type { DeploymentWork } from '../deployment/deployment.types';
import type { RolloutContext } from './rollout.context';
import { activeRollout, changeStep, findRollout } from './rollout.queries';
import { endRollout, rollBackLocation, skipWaiting } from './rollout.steps';
import type { DeploymentJob } from '../deployment/deployment-job-kinds';

/** Where a rollout still acts on a location: it waits for it, rolls it out or bakes it. */
const unfinished = ['waiting', 'rolling', 'baking'];

/**
 * Before deployments are removed: each rollout under way on their smart clusters is aborted, so
 * no step acts on a deployment that is going. The locations it reached that stay go back to
 * their previous version; the removed ones are skipped, and the rollout's reason (its history
 * entry's too) says who removed what. Answers the removed deployments that rollouts were moving,
 * whose removal may go on although they are still rolling out. The caller holds the apps' locks.
 */
export async function abortRolloutsForRemoval(
  context: Pick<RolloutContext, 'secrets' | 'now'>,
  tx: Database,
  send: (job: DeploymentJob) => Promise<void>,
  removed: readonly DeploymentWork[],
  actor: HistoryActor,
): Promise<Set<string>> {
  const moving = new Set<string>();
  const groups = new Map<string, DeploymentWork[]>();
  for (const work of removed) {
    const key = `${work.app.id}:${work.smartCluster.id}`;
    groups.set(key, [...(groups.get(key) ?? []), work]);
  }
  for (const rows of groups.values()) {
    const active = await activeRollout(tx, rows[0]!.app.id, rows[0]!.smartCluster.id);
    const found = active ? await findRollout(tx, active.id, true) : undefined;
    if (!found || !['running', 'paused'].includes(found.rollout.status)) continue;
    const { rollout, steps } = found;
    const gone = new Set(rows.map((work) => work.deployment.id));
    const where = [...new Set(rows.map((work) => work.datacenter.location))].join(', ');
    const reason = `Aborted: ${actor.name} removed the deployment in ${where}; every other location it reached goes back.`;
    for (const step of steps) {
      if (gone.has(step.deploymentId)) {
        moving.add(step.deploymentId);
        if (unfinished.includes(step.state)) {
          const why = `${step.location}: the deployment was removed.`;
          await changeStep(tx, rollout.id, step.position, {
            state: 'skipped',
            finishedAt: context.now(),
            reason: why,
          });
          // Its step's history entry never reached the new version: it does not read as done.
          await settleHistoryLocation(tx, step.deploymentId, 'failure', why);
        }
      } else if (['rolling', 'baking', 'done'].includes(step.state)) {
        await rollBackLocation(context, tx, send, rollout, step, actor, reason);
      }
    }
    const left = steps.filter((step) => !gone.has(step.deploymentId));
    await skipWaiting(context, tx, rollout, left, reason);
    await endRollout(context, tx, rollout, 'aborted', reason);
  }
  return moving;
}
