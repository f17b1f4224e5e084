import { rolloutMessages, type Rollout } from '@meridian/domain/apps/rollout';
import { ConflictError, NotFoundError } from '../../../platform/http/errors';
import type { HistoryActor } from '../../../platform/http/request-actor';
import { inRolloutTransaction, type RolloutContext } from './rollout.context';
import { sendAfter } from './rollout.jobs';
import { changeRollout, findRollout } from './rollout.queries';
import { rolloutOf } from './rollout.service';
import { endRollout, rollBackLocation, skipWaiting } from './rollout.steps';

/** What a user may do to a rollout under way: hold it, let it go on, or take it all back. */
export type RolloutControl = 'pause' | 'resume' | 'abort';

/**
 * Pause holds the next location (one rolling out finishes its own rollout); resume goes on from
 * there; abort puts every location the rollout reached back on the previous version.
 */
export async function controlRollout(
  context: RolloutContext,
  userId: string,
  actor: HistoryActor,
  rolloutId: string,
  control: RolloutControl,
): Promise<Rollout> {
  await inRolloutTransaction(context, async (tx, send) => {
    const found = await findRollout(tx, rolloutId, true);
    if (!found || found.rollout.userId !== userId) throw new NotFoundError('Rollout not found');
    const { rollout, steps } = found;
    if (!['running', 'paused'].includes(rollout.status)) {
      throw new ConflictError(rolloutMessages.finished);
    }
    const now = context.now();
    if (control === 'pause') {
      if (rollout.status !== 'running') throw new ConflictError(rolloutMessages.notRunning);
      await changeRollout(tx, rollout.id, { status: 'paused', updatedAt: now });
    } else if (control === 'resume') {
      if (rollout.status !== 'paused') throw new ConflictError(rolloutMessages.notPaused);
      await changeRollout(tx, rollout.id, { status: 'running', updatedAt: now });
      await sendAfter(send, rollout.id, now.getTime());
    } else {
      const reason = `Aborted by ${actor.name}; every location it reached goes back.`;
      for (const step of steps.filter((each) =>
        ['rolling', 'baking', 'done'].includes(each.state),
      )) {
        await rollBackLocation(context, tx, send, rollout, step, actor, reason);
      }
      await skipWaiting(context, tx, rollout, steps, reason);
      await endRollout(context, tx, rollout, 'aborted', reason);
    }
  });
  return rolloutOf(context, userId, rolloutId);
}
