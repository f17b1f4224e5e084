import { kubernetesName } from '@meridian/domain/apps/basic-template';
import { commitShaPattern, imageForCommit } from '@meridian/domain/apps/git-source';
import { previewLabel, type Preview } from '@meridian/domain/apps/preview';
import { isInProgress } from '@meridian/domain/status';
import { z } from 'zod';
import type { Database } from '../../../platform/db/database';
import type { GitSourceRow, PreviewFacts } from '../../../platform/db/schema/apps';
import { ConflictError } from '../../../platform/http/errors';
import { recordEvent } from '../../account/account.public';
import { lockApp } from '../app/app.queries';
import { ownApp } from '../app/app.records';
import { inTransaction, type AppsContext } from '../apps-context';
import { previewEvent } from '../deployment/deployment.events';
import { toDeployment } from '../deployment/deployment.mapper';
import {
  changeDeploymentRow,
  deleteDeploymentRow,
  insertDeploymentRows,
} from '../deployment/deployment.queries';
import { previewViewsOfApp, previewWork } from '../deployment/deployment.records';
import { readySmartClusters, rolloutShape } from '../deployment/deployment.rollout';
import type { DeploymentView, DeploymentWork } from '../deployment/deployment.types';
import type { DeploymentJob } from '../deployment/deployment-job-kinds';
import { basicVersionToDeploy } from './git-push';
import type { PullRequestEvent } from './git-event-job';

/** A preview still mid-operation takes its request's next event once it has settled (git-events.ts). */
export class PreviewBusyError extends ConflictError {}

// The fields read from GitHub's pull_request payload (@octokit/webhooks-types PullRequestEvent).
const gitHubPullRequest = z.object({
  action: z.string(),
  pull_request: z.object({
    number: z.number().int().positive(),
    title: z.string().nullable().optional(),
    head: z.object({ ref: z.string(), sha: z.string().regex(commitShaPattern) }),
    base: z.object({ ref: z.string() }),
    user: z.object({ login: z.string() }).partial().nullable().optional(),
  }),
});

// The fields read from GitLab's "Merge Request Hook" payload.
const gitLabMergeRequest = z.object({
  user: z.object({ username: z.string() }).partial().optional(),
  object_attributes: z.object({
    iid: z.number().int().positive(),
    title: z.string().nullable().optional(),
    action: z.string().optional(),
    source_branch: z.string(),
    target_branch: z.string(),
    last_commit: z.object({ id: z.string().regex(commitShaPattern) }),
  }),
});

const gitHubActions: Record<string, PullRequestEvent['action']> = {
  opened: 'deploy',
  reopened: 'deploy',
  synchronize: 'deploy',
  closed: 'remove',
};
const gitLabActions: Record<string, PullRequestEvent['action']> = {
  open: 'deploy',
  reopen: 'deploy',
  update: 'deploy',
  close: 'remove',
  merge: 'remove',
};

/** A request event of either provider, or null (an action previews ignore, another shape). */
export function readPullRequest(
  provider: GitSourceRow['provider'],
  payload: unknown,
): PullRequestEvent | null {
  if (provider === 'github') {
    const parsed = gitHubPullRequest.safeParse(payload);
    const action = parsed.success ? gitHubActions[parsed.data.action] : undefined;
    if (!parsed.success || !action) return null;
    const request = parsed.data.pull_request;
    return {
      action,
      number: request.number,
      base: request.base.ref,
      branch: request.head.ref,
      sha: request.head.sha,
      title: request.title ?? null,
      author: request.user?.login || 'unknown',
    };
  }
  const parsed = gitLabMergeRequest.safeParse(payload);
  const action = parsed.success ? gitLabActions[parsed.data.object_attributes.action ?? ''] : null;
  if (!parsed.success || !action) return null;
  const request = parsed.data.object_attributes;
  return {
    action,
    number: request.iid,
    base: request.target_branch,
    branch: request.source_branch,
    sha: request.last_commit.id,
    title: request.title ?? null,
    author: parsed.data.user?.username || 'unknown',
  };
}

/** `pr-<n>.<app>.<domain>` when the source names a domain the user still holds. */
async function previewName(
  context: AppsContext,
  source: GitSourceRow,
  appName: string,
  prNumber: number,
): Promise<string | null> {
  const domainId = source.previews?.domain_uuid;
  if (!domainId || !context.previewNames) return null;
  const domain = await context.previewNames.domainName(source.userId, domainId);
  return domain ? `${previewLabel(prNumber)}.${kubernetesName(appName)}.${domain}` : null;
}

/**
 * A request opened or given a new commit: its preview runs that commit, on the first member of
 * the source's preview smart cluster; the request's next commit updates the same deployment.
 * Answers whether anything changed (the same commit again changes nothing).
 */
export async function deployPreview(
  context: AppsContext,
  source: GitSourceRow,
  request: PullRequestEvent,
  receivedAt: string,
): Promise<boolean> {
  const previews = source.previews;
  if (!previews) return false;
  const version = await basicVersionToDeploy(context, source);
  const [target] = await readySmartClusters(
    context,
    source.userId,
    [previews.smart_cluster_uuid],
    version.templateType,
  );
  const app = await ownApp(context.db, source.userId, source.appId);
  const name = await previewName(context, source, app.name, request.number);
  const imageName = imageForCommit(source.image, request.sha, request.branch);
  const facts: PreviewFacts = {
    title: request.title,
    branch: request.branch,
    sha: request.sha,
    author: request.author,
    received_at: receivedAt,
  };
  const created = await inTransaction(context, async (tx, send) => {
    await lockApp(tx, app.id);
    const existing = await previewWork(tx, app.id, request.number);
    if (existing) {
      if (isStale(existing, receivedAt) || existing.deployment.preview?.sha === request.sha) {
        return undefined;
      }
      requireIdle(existing);
      await updatePreview(context, tx, send, existing, { version, imageName, facts });
      return undefined;
    }
    const member = target?.members[0];
    if (!target || !member) return undefined;
    const shape = rolloutShape(context, version, { imageName, replicas: null });
    const [id] = await insertDeploymentRows(tx, [
      {
        userId: app.userId,
        appId: app.id,
        versionId: version.id,
        smartClusterId: target.smart.id,
        clusterId: member.id,
        status: 'pending',
        operation: 'deploy',
        imageName,
        ...shape,
        previewNumber: request.number,
        preview: facts,
        domainNames: name ? [name] : [],
      },
    ]);
    await send({ kind: 'rollout-deployment', deploymentId: id! });
    const work = (await previewWork(tx, app.id, request.number))!;
    await recordEvent(tx, { userId: app.userId, ...previewEvent(work, 'deploy', 'PENDING') });
    return id;
  });
  // Its certificate, as any named deployment's (the local authority at once, ACME by a job).
  if (created && name) await context.previewNames?.secure(source.userId, created);
  return true;
}

function requireIdle(work: DeploymentWork): void {
  const { status } = work.deployment;
  if (status === 'deleting' || isInProgress(status)) {
    throw new PreviewBusyError('The preview is still being deployed or removed.');
  }
}

/** A request older than the one the preview last took (a late retry): it changes nothing. */
function isStale(work: DeploymentWork, receivedAt: string): boolean {
  const applied = work.deployment.preview?.received_at;
  return applied !== undefined && applied > receivedAt;
}

/** The request's next commit: the same deployment rolls the newest version with its image. */
async function updatePreview(
  context: AppsContext,
  tx: Database,
  send: (job: DeploymentJob) => Promise<void>,
  work: DeploymentWork,
  next: { version: DeploymentWork['version']; imageName: string; facts: PreviewFacts },
): Promise<void> {
  const overrides = { imageName: next.imageName, replicas: null };
  await changeDeploymentRow(tx, work.deployment.id, {
    versionId: next.version.id,
    status: 'updating',
    statusReason: null,
    operation: 'update',
    preview: next.facts,
    ...overrides,
    ...rolloutShape(context, next.version, overrides),
    operationDeadline: null,
    updatedAt: context.now(),
  });
  await send({ kind: 'rollout-deployment', deploymentId: work.deployment.id });
  await recordEvent(tx, { userId: work.app.userId, ...previewEvent(work, 'update', 'PENDING') });
}

/** A request closed or merged: its preview goes, and its name with it. Whether there was one. */
export async function removePreview(
  context: AppsContext,
  appId: string,
  prNumber: number,
  receivedAt: string,
): Promise<boolean> {
  return inTransaction(context, async (tx, send) => {
    await lockApp(tx, appId);
    const work = await previewWork(tx, appId, prNumber);
    if (!work) return false;
    if (work.deployment.status === 'deleting' || isStale(work, receivedAt)) return true;
    requireIdle(work);
    if (work.cluster.deleted) {
      await deleteDeploymentRow(tx, work.deployment.id);
      return true;
    }
    await changeDeploymentRow(tx, work.deployment.id, {
      status: 'deleting',
      statusReason: null,
      operation: 'delete',
      operationDeadline: null,
      updatedAt: context.now(),
    });
    await send({ kind: 'remove-deployment', deploymentId: work.deployment.id });
    await recordEvent(tx, { userId: work.app.userId, ...previewEvent(work, 'delete', 'PENDING') });
    return true;
  });
}

/** The one row→API mapper of a preview: its request's facts around its deployment's card. */
export function toPreview(view: DeploymentView): Preview {
  const { deployment } = view;
  const facts = deployment.preview;
  return {
    pr_number: deployment.previewNumber ?? 0,
    title: facts?.title ?? null,
    branch: facts?.branch ?? '',
    sha: facts?.sha ?? '',
    author: facts?.author ?? '',
    domain_name: deployment.domainNames[0] ?? null,
    deployment: toDeployment(view),
  };
}

/** `GET /meridian/v1/kube/apps/{appId}/previews`. */
export async function previewsOfApp(
  context: AppsContext,
  userId: string,
  appId: string,
): Promise<Preview[]> {
  const app = await ownApp(context.db, userId, appId);
  return (await previewViewsOfApp(context.db, app.id)).map(toPreview);
}
