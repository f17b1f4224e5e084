// The git event job's kind and payload: a file that imports nothing of the context, so the apps
// context object can name it without an import cycle (docs/architecture.md).
import { z } from 'zod';

/** A branch push, reduced to what a deploy needs (git-push.ts reads it from either provider). */
export const gitPushSchema = z.object({
  branch: z.string(),
  sha: z.string(),
  author: z.string(),
});
export type GitPush = z.infer<typeof gitPushSchema>;

/** A pull/merge request event, reduced to what a preview needs (git-preview.ts reads it). */
export const pullRequestEventSchema = z.object({
  /** Opened or given a new commit: deploy; closed or merged: remove. */
  action: z.enum(['deploy', 'remove']),
  number: z.number().int().positive(),
  /** The branch it would merge into (the source's branch, or it is not ours). */
  base: z.string(),
  branch: z.string(),
  sha: z.string(),
  title: z.string().nullable(),
  author: z.string(),
});
export type PullRequestEvent = z.infer<typeof pullRequestEventSchema>;

const receivedAt = z.iso.datetime();

/**
 * What Meridian does for a provider's event, with when it was heard (an older event never undoes
 * a newer one): deploy a push, deploy a request's preview, or remove a request's preview.
 */
export const gitEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('push'), push: gitPushSchema, receivedAt }),
  z.object({ type: z.literal('preview'), request: pullRequestEventSchema, receivedAt }),
  z.object({ type: z.literal('close-preview'), number: z.number().int().positive(), receivedAt }),
]);
export type GitEvent = z.infer<typeof gitEventSchema>;

/**
 * An event that arrived while the app was still busy with the last one (a rollout under way, a
 * preview deploying or being removed), applied once that change is done: nothing is lost.
 */
export const gitEventJobSchema = z.object({
  kind: z.literal('apply-git-event'),
  appId: z.uuid(),
  /** What the event changes (the app's version, or one request's preview): the newest one wins. */
  stream: z.string(),
  event: gitEventSchema,
});
export type GitEventJob = z.infer<typeof gitEventJobSchema>;
