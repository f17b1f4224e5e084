import { z } from 'zod';
import {
  commitShaPattern,
  gitSourceMessages,
  imageForCommit,
} from '@meridian/domain/apps/git-source';
import type { GitSourceRow, VersionRow } from '../../../platform/db/schema/apps';
import { ValidationError } from '../../../platform/http/errors';
import type { HistoryActor } from '../../../platform/http/request-actor';
import type { AppsContext } from '../apps-context';
import type { RolloutContext } from '../rollout/rollout.context';
import { changeConfiguration } from '../version/version-configuration';
import { newestVersionOfApp } from '../version/version.queries';
import { ownVersion } from '../version/version.records';
import type { GitPush } from './git-event-job';

const zeroSha = /^0+$/;

// The fields read from GitHub's push payload (@octokit/webhooks-types PushEvent).
const gitHubPush = z.object({
  ref: z.string(),
  after: z.string().regex(commitShaPattern),
  deleted: z.boolean().optional(),
  pusher: z.object({ name: z.string() }).partial().optional(),
  head_commit: z
    .object({ author: z.object({ username: z.string().optional() }).partial() })
    .partial()
    .nullable()
    .optional(),
});

// The fields read from GitLab's "Push Hook" payload.
const gitLabPush = z.object({
  ref: z.string(),
  checkout_sha: z.string().regex(commitShaPattern).nullable().optional(),
  after: z.string().regex(commitShaPattern),
  user_username: z.string().optional(),
  user_name: z.string().optional(),
});

/** A branch push of either provider, or null (a tag push, a deleted branch, another shape). */
export function readPush(provider: 'github' | 'gitlab', payload: unknown): GitPush | null {
  if (provider === 'github') {
    const parsed = gitHubPush.safeParse(payload);
    if (!parsed.success || parsed.data.deleted || zeroSha.test(parsed.data.after)) return null;
    const push = parsed.data;
    if (!push.ref.startsWith('refs/heads/')) return null;
    const author = push.head_commit?.author?.username || push.pusher?.name || 'unknown';
    return { branch: push.ref.slice('refs/heads/'.length), sha: push.after, author };
  }
  const parsed = gitLabPush.safeParse(payload);
  if (!parsed.success || !parsed.data.ref.startsWith('refs/heads/')) return null;
  const push = parsed.data;
  const sha = push.checkout_sha ?? push.after;
  if (zeroSha.test(sha)) return null;
  const author = push.user_username || push.user_name || 'unknown';
  return { branch: push.ref.slice('refs/heads/'.length), sha, author };
}

/** Who the history names: "GitHub push a1b2c3d by alice". */
export function pushActor(provider: 'github' | 'gitlab', push: GitPush): HistoryActor {
  const label = provider === 'github' ? 'GitHub' : 'GitLab';
  return { kind: 'git', name: `${label} push ${push.sha.slice(0, 7)} by ${push.author}` };
}

/** What a commit deploys from: the app's newest version, which must be a Basic one. */
export async function basicVersionToDeploy(
  context: Pick<AppsContext, 'db'>,
  source: GitSourceRow,
): Promise<VersionRow & { basicSettings: NonNullable<VersionRow['basicSettings']> }> {
  const newest = await newestVersionOfApp(context.db, source.appId);
  if (!newest) throw new ValidationError([gitSourceMessages.needsBasicVersion]);
  const version = await ownVersion(context.db, source.userId, newest.id);
  const { basicSettings } = version;
  if (version.templateType !== 'KUBERNETES_BASIC' || !basicSettings) {
    throw new ValidationError([gitSourceMessages.needsBasicVersion]);
  }
  return { ...version, basicSettings };
}

/**
 * A push to the source's branch: the next version from the app's newest (a Basic one), its image
 * the template's with the commit filled, rolled out progressively on the source's smart clusters.
 */
export async function deployPush(
  context: AppsContext & RolloutContext,
  source: GitSourceRow,
  push: GitPush,
): Promise<void> {
  const from = await basicVersionToDeploy(context, source);
  const { secrets, ...rest } = from.basicSettings;
  const settings = {
    ...rest,
    deploymentImage: imageForCommit(source.image, push.sha, push.branch),
    ...(secrets?.length ? { secrets: secrets.map(({ name }) => ({ name, keep: true })) } : {}),
  };
  await changeConfiguration(
    context,
    source.userId,
    from.id,
    { settings, ...(source.bakeSeconds === null ? {} : { bake_seconds: source.bakeSeconds }) },
    pushActor(source.provider, push),
    source.smartClusterIds,
  );
}
