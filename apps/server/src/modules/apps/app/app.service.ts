import { appApiMessages, type App } from '@meridian/domain/apps/app-api';
import type { AppCreateFields } from '@meridian/domain/apps/app-form';
import { eventType } from '@meridian/domain/events/event-catalogue';
import {
  createPerUserRevisionCache,
  type PerUserRevisionCache,
  type RevisionReader,
} from '../../../platform/db/per-user-revision-cache';
import { NotFoundError } from '../../../platform/http/errors';
import { serialiseBody, type SerialisedBody } from '../../../platform/http/serialised-body';
import type { HistoryActor } from '../../../platform/http/request-actor';
import { ownRegistryCredentials, recordEvent } from '../../account/account.public';
import { inTransaction, type AppsContext, type TemplateUpload } from '../apps-context';
import { payloadOf } from '../deployment/deployment.events';
import {
  deploymentViewsOfUser,
  deploymentViewsOfVersionOn,
  everyDeploymentWorkOfApp,
} from '../deployment/deployment.records';
import {
  readySmartClusters,
  requireSettled,
  startDeployments,
  startRemovals,
} from '../deployment/deployment.rollout';
import {
  historyLocationsOfViews,
  recordHistory,
  recordWorkHistory,
} from '../history/history.records';
import { prepareTemplate } from '../template/template.service';
import { assembleApps } from './app.mapper';
import { deleteAppRow, insertApp, listAppRows, updateAppRow, lockApp } from './app.queries';
import { ownApp } from './app.records';
import {
  listVersionRows,
  listVersionsWithTemplates,
  insertVersionRow,
} from '../version/version.queries';

/** The serialised lists by user, least recently used dropped first. */
export type AppListCache = PerUserRevisionCache<SerialisedBody>;

export function createAppListCache(): AppListCache {
  return createPerUserRevisionCache<SerialisedBody>();
}

export async function appById(
  context: AppsContext,
  userId: string,
  appId: string,
  withTemplates: boolean,
): Promise<App> {
  const { db } = context;
  const [appRows, versionRows, views] = await Promise.all([
    listAppRows(db, userId, appId),
    withTemplates
      ? listVersionsWithTemplates(db, userId, appId)
      : listVersionRows(db, userId, appId),
    deploymentViewsOfUser(db, userId, appId),
  ]);
  const sorted = [...versionRows].sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id),
  );
  const [app] = assembleApps(appRows, sorted, views);
  if (!app) throw new NotFoundError('App not found');
  return app;
}

/**
 * The user's apps as JSON (and gzip), built with a fixed number of queries and served again
 * from memory while the user's revision is unchanged (one indexed read per call).
 */
export async function listApps(
  context: AppsContext,
  listCache: AppListCache,
  reader: RevisionReader,
): Promise<SerialisedBody> {
  const { db } = context;
  const { userId } = reader;
  return listCache.get(db, reader, async (revision) => {
    const [appRows, versionRows, views] = await Promise.all([
      listAppRows(db, userId),
      listVersionRows(db, userId),
      deploymentViewsOfUser(db, userId),
    ]);
    return serialiseBody(assembleApps(appRows, versionRows, views), `"apps-${userId}-${revision}"`);
  });
}

export function getApp(context: AppsContext, userId: string, appId: string): Promise<App> {
  return appById(context, userId, appId, true);
}

export async function createApp(
  context: AppsContext,
  userId: string,
  fields: AppCreateFields,
  upload: TemplateUpload,
  actor: HistoryActor,
  /** The organisation whose account `userId` is, if any (docs/organizations.md). */
  organizationId: string | null = null,
): Promise<App> {
  const prepared = await prepareTemplate(
    context,
    fields.name,
    fields.template_type,
    upload.text,
    fields.template_name ?? upload.filename,
    { flavor_id: fields.flavor_name, volume_type: fields.volume_type },
    { registry: (id) => ownRegistryCredentials(context.db, userId, id), keepFrom: null },
  );
  const targets = await readySmartClusters(
    context,
    userId,
    [fields.smart_cluster_uuid],
    fields.template_type,
  );
  const app = await inTransaction(context, async (tx, send) => {
    const app = await insertApp(tx, {
      userId,
      organizationId,
      name: fields.name,
      description: fields.description || null,
    });
    const version = await insertVersionRow(tx, {
      appId: app.id,
      userId,
      name: fields.version_name,
      templateType: fields.template_type,
      ...prepared,
      flavorName: fields.flavor_name ?? null,
      volumeType: fields.volume_type ?? null,
    });
    await startDeployments(context, tx, send, app, version, targets, 'create');
    const named = { id: version.id, name: version.name };
    await recordHistory(tx, {
      userId,
      appId: app.id,
      action: 'version_created',
      version: named,
      actor,
      locations: [],
    });
    for (const { smart } of targets) {
      const views = await deploymentViewsOfVersionOn(tx, userId, version.id, smart.id);
      await recordHistory(tx, {
        userId,
        appId: app.id,
        action: 'deployed',
        version: named,
        smartCluster: { id: smart.id, name: smart.name },
        actor,
        locations: historyLocationsOfViews(views),
      });
    }
    return app;
  });
  return appById(context, userId, app.id, false);
}

export async function updateApp(
  context: AppsContext,
  userId: string,
  appId: string,
  change: { name?: string; description?: string },
): Promise<App> {
  const { db, now } = context;
  await ownApp(db, userId, appId);
  await updateAppRow(db, appId, {
    ...(change.name !== undefined ? { name: change.name } : {}),
    ...(change.description !== undefined ? { description: change.description || null } : {}),
    updatedAt: now(),
  });
  return appById(context, userId, appId, false);
}

/**
 * Removes the app's deployments first (cascaded), then the app. `success` at once: the app leaves
 * every list now, and the teardown goes on as jobs (its events say when it ends).
 */
export async function removeApp(
  context: AppsContext,
  userId: string,
  appId: string,
  actor: HistoryActor,
): Promise<{ status: 'success' }> {
  const { db, now } = context;
  await ownApp(db, userId, appId);
  return inTransaction(context, async (tx, send) => {
    const app = await lockApp(tx, appId);
    // Being deleted, it is gone for the user already: a second DELETE finds nothing.
    if (!app || app.userId !== userId || app.deleting) throw new NotFoundError('App not found');
    const rows = await everyDeploymentWorkOfApp(tx, appId);
    requireSettled(rows, appApiMessages.appInProgress);
    await updateAppRow(tx, appId, { deleting: true, updatedAt: now() });
    await recordEvent(tx, {
      userId,
      type: eventType('APP', 'DELETE', 'PENDING'),
      payload: payloadOf(app),
    });
    await recordWorkHistory(tx, rows, { action: 'removed', actor, detail: 'App deleted' });
    const left = await startRemovals(context, tx, send, app, rows, 'cascaded_delete');
    if (left > 0) return { status: 'success' as const };
    await deleteAppRow(tx, appId);
    await recordEvent(tx, {
      userId,
      type: eventType('APP', 'DELETE', 'FULFILLED'),
      payload: payloadOf(app),
    });
    return { status: 'success' as const };
  });
}
