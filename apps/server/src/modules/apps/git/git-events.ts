import { ConflictError } from '../../../platform/http/errors';
import { defineJob } from '../../../platform/jobs/job-queue';
import type { AppsContext } from '../apps-context';
import type { RolloutContext } from '../rollout/rollout.context';
import { previewViewsOfApp } from '../deployment/deployment.records';
import { newestVersionOfApp } from '../version/version.queries';
import { gitEventJobSchema, type GitEvent, type GitEventJob } from './git-event-job';
import { deployPreview, PreviewBusyError, removePreview } from './git-preview';
import { deployPush } from './git-push';
import { findGitSourceOfApp } from './git-source.queries';

/** How long an event waits for the change under way before it is looked at again. */
const retryAfterMs = 5_000;
/** An event still waiting after this long is dropped (a rollout left paused, a preview stuck). */
const giveUpAfterMs = 6 * 3_600_000;

/** The change under way that an event must wait for: a rollout (409 naming it) or a busy preview. */
function waitsForChange(error: unknown): boolean {
  return error instanceof PreviewBusyError || (error instanceof ConflictError && !!error.rolloutId);
}

/** Whether a push is older than the app's newest version (made by a later push or by hand). */
async function pushOutdated(context: AppsContext, appId: string, receivedAt: string) {
  const newest = await newestVersionOfApp(context.db, appId);
  return newest !== undefined && newest.createdAt.toISOString() > receivedAt;
}

/** Does what the event asks, with the app's git source as it now is (none: nothing). */
async function runEvent(context: AppsContext & RolloutContext, appId: string, event: GitEvent) {
  if (event.type === 'close-preview') {
    await removePreview(context, appId, event.number, event.receivedAt);
    return;
  }
  const source = await findGitSourceOfApp(context.db, appId);
  if (!source) return;
  if (event.type === 'push') {
    if (!(await pushOutdated(context, appId, event.receivedAt))) {
      await deployPush(context, source, event.push);
    }
  } else if (source.previews) {
    await deployPreview(context, source, event.request, event.receivedAt);
  }
}

/** What an event changes: the app's version (pushes) or one request's preview. */
function streamOf(appId: string, event: GitEvent): string {
  if (event.type === 'push') return `${appId}:push`;
  const number = event.type === 'preview' ? event.request.number : event.number;
  return `${appId}:pr-${number}`;
}

/**
 * Applies a provider's event now or, while the app is busy with the last change (a rollout under
 * way, a preview deploying or being removed), once it is done: a durable job looks again every
 * 5 s. An older event never undoes a newer one. Whether it had to wait.
 */
export async function applyGitEvent(
  context: AppsContext & RolloutContext,
  appId: string,
  event: GitEvent,
): Promise<'applied' | 'deferred'> {
  try {
    await runEvent(context, appId, event);
    return 'applied';
  } catch (error) {
    if (!waitsForChange(error)) throw error;
    const startAfter = new Date(context.now().getTime() + retryAfterMs);
    const job = { kind: 'apply-git-event', appId, stream: streamOf(appId, event), event } as const;
    await context.jobs.send(job, { startAfter });
    return 'deferred';
  }
}

/** Whether a newer event of the same stream waits too: then that one is applied, not this. */
async function newerEventWaits(context: AppsContext, job: GitEventJob): Promise<boolean> {
  const waiting = await context.jobs.unfinishedJobData('apply-git-event', 'stream', job.stream);
  return waiting.some((data) => {
    const other = gitEventJobSchema.safeParse(data);
    return other.success && other.data.event.receivedAt > job.event.receivedAt;
  });
}

/** The job of an event that had to wait. */
export function gitEventJobs(context: AppsContext & RolloutContext) {
  return [
    defineJob<GitEventJob>('apply-git-event', gitEventJobSchema, async (job) => {
      const waited = context.now().getTime() - Date.parse(job.event.receivedAt);
      if (waited > giveUpAfterMs || (await newerEventWaits(context, job))) return;
      await applyGitEvent(context, job.appId, job.event);
    }),
  ];
}

/** The source is removed or stops previewing: every preview of the app goes, names and all. */
export async function removeAllPreviews(
  context: AppsContext & RolloutContext,
  appId: string,
): Promise<void> {
  const receivedAt = context.now().toISOString();
  for (const { deployment } of await previewViewsOfApp(context.db, appId)) {
    if (deployment.previewNumber === null) continue;
    const event = { type: 'close-preview', number: deployment.previewNumber, receivedAt } as const;
    await applyGitEvent(context, appId, event);
  }
}
