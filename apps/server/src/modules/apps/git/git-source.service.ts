import { randomBytes } from 'node:crypto';
import {
  gitSourceMessages,
  type GitSource,
  type GitSourceCreate,
  type GitSourceCreated,
  type GitSourceUpdate,
} from '@meridian/domain/apps/git-source';
import type { GitSourceRow } from '../../../platform/db/schema/apps';
import { ConflictError, NotFoundError } from '../../../platform/http/errors';
import { ownSmartClustersWithMembers, ownLiveSmartCluster } from '../../clusters/clusters.public';
import { ownApp } from '../app/app.records';
import type { AppsContext } from '../apps-context';
import { removeAllPreviews } from './git-events';
import {
  deleteGitSource,
  findGitSourceOfApp,
  insertGitSource,
  updateGitSource,
} from './git-source.queries';

/** The one row→API mapper of a git source; `origin` is Meridian's own address as called. */
export function toGitSource(row: GitSourceRow, origin: string): GitSource {
  return {
    uuid: row.id,
    app_uuid: row.appId,
    provider: row.provider,
    repository: row.repository,
    branch: row.branch,
    image: row.image,
    smart_cluster_uuids: row.smartClusterIds,
    previews: row.previews ?? null,
    bake_seconds: row.bakeSeconds,
    webhook_url: `${origin}/hooks/${row.provider}/${row.id}`,
    created_at: row.createdAt.toISOString(),
  };
}

/** The smart clusters and the preview domain named must be the caller's (else 404, as anywhere). */
async function checkReferences(
  context: AppsContext,
  userId: string,
  body: GitSourceUpdate,
): Promise<void> {
  await ownSmartClustersWithMembers(context.db, userId, body.smart_cluster_uuids);
  if (!body.previews) return;
  await ownLiveSmartCluster(context.db, userId, body.previews.smart_cluster_uuid);
  const domainId = body.previews.domain_uuid;
  if (domainId && !(await context.previewNames?.domainName(userId, domainId))) {
    throw new NotFoundError('Domain not found');
  }
}

async function ownGitSource(context: AppsContext, userId: string, appId: string) {
  const app = await ownApp(context.db, userId, appId);
  const row = await findGitSourceOfApp(context.db, app.id);
  if (!row) throw new NotFoundError(gitSourceMessages.notFound);
  return row;
}

export async function createGitSource(
  context: AppsContext,
  userId: string,
  appId: string,
  body: GitSourceCreate,
  origin: string,
): Promise<GitSourceCreated> {
  const app = await ownApp(context.db, userId, appId);
  await checkReferences(context, userId, body);
  if (await findGitSourceOfApp(context.db, app.id)) {
    throw new ConflictError(gitSourceMessages.alreadyConnected);
  }
  const secret = randomBytes(32).toString('base64url');
  const row = await insertGitSource(context.db, {
    userId: app.userId,
    appId: app.id,
    provider: body.provider,
    repository: body.repository,
    branch: body.branch,
    image: body.image,
    smartClusterIds: [...new Set(body.smart_cluster_uuids)],
    previews: body.previews ?? null,
    bakeSeconds: body.bake_seconds ?? null,
    secretSealed: context.secrets.seal(secret),
  });
  return { ...toGitSource(row, origin), secret };
}

export async function readGitSource(
  context: AppsContext,
  userId: string,
  appId: string,
  origin: string,
): Promise<GitSource> {
  return toGitSource(await ownGitSource(context, userId, appId), origin);
}

export async function changeGitSource(
  context: AppsContext,
  userId: string,
  appId: string,
  body: GitSourceUpdate,
  origin: string,
): Promise<GitSource> {
  const row = await ownGitSource(context, userId, appId);
  await checkReferences(context, userId, body);
  // Previews turned off: the running ones go with their names, as when their requests close.
  if (body.previews === null && row.previews) await removeAllPreviews(context, row.appId);
  const updated = await updateGitSource(context.db, row.id, {
    branch: body.branch,
    image: body.image,
    smartClusterIds: [...new Set(body.smart_cluster_uuids)],
    ...(body.previews === undefined ? {} : { previews: body.previews }),
    ...(body.bake_seconds === undefined ? {} : { bakeSeconds: body.bake_seconds }),
    updatedAt: context.now(),
  });
  return toGitSource(updated, origin);
}

export async function removeGitSource(
  context: AppsContext,
  userId: string,
  appId: string,
): Promise<void> {
  const row = await ownGitSource(context, userId, appId);
  await removeAllPreviews(context, row.appId);
  await deleteGitSource(context.db, row.id);
}
