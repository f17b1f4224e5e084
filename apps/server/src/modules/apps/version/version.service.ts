import { appApiMessages, type Version } from '@meridian/domain/apps/app-api';
import type { VersionCreateFields } from '@meridian/domain/apps/app-form';
import { eventType } from '@meridian/domain/events/event-catalogue';
import { configurationMessages } from '@meridian/domain/apps/app-configuration';
import type { Database } from '../../../platform/db/database';
import { ConflictError, NotFoundError, ValidationError } from '../../../platform/http/errors';
import type { HistoryActor } from '../../../platform/http/request-actor';
import { ownRegistryCredentials, recordEvent } from '../../account/account.public';
import { ownApp, touchApp } from '../app/app.records';
import { inTransaction, type AppsContext, type TemplateUpload } from '../apps-context';
import { payloadOf } from '../deployment/deployment.events';
import { toDeployment } from '../deployment/deployment.mapper';
import {
  deploymentViewsOfVersion,
  deploymentWorkOfVersion,
} from '../deployment/deployment.records';
import { requireSettled, startRemovals } from '../deployment/deployment.rollout';
import { recordHistory, recordWorkHistory } from '../history/history.records';
import { prepareTemplate } from '../template/template.service';
import { toVersion } from './version.mapper';
import {
  countVersionsOfApp,
  deleteVersionRow,
  insertVersionRow,
  newestVersionOfApp,
  updateVersionRow,
} from './version.queries';
import { ownVersion } from './version.records';
import { lockApp } from '../app/app.queries';

/** The version a new one keeps secrets from: the one named (of this app), else the app's newest. */
async function keepSource(
  db: Database,
  userId: string,
  appId: string,
  fromVersionId: string | undefined,
): Promise<{ name: string; secretsSealed: string | null } | null> {
  if (fromVersionId) {
    const from = await ownVersion(db, userId, fromVersionId);
    if (from.appId !== appId) throw new ValidationError([configurationMessages.fromOtherApp]);
    return from;
  }
  return (await newestVersionOfApp(db, appId)) ?? null;
}

export async function createVersion(
  context: AppsContext,
  userId: string,
  appId: string,
  fields: VersionCreateFields,
  upload: TemplateUpload,
  actor: HistoryActor,
  /** What the history says of it beyond its creation (a configuration change's summary). */
  detail: string | null = null,
): Promise<Version> {
  const { db, now } = context;
  const app = await ownApp(db, userId, appId);
  if (app.deleting) throw new NotFoundError('App not found');
  const keepFrom = await keepSource(db, userId, appId, fields.from_version_uuid);
  const prepared = await prepareTemplate(
    context,
    app.name,
    fields.template_type,
    upload.text,
    fields.template_name ?? upload.filename,
    { flavor_id: fields.flavor_name, volume_type: fields.volume_type },
    { registry: (id) => ownRegistryCredentials(db, userId, id), keepFrom },
  );
  const row = await db.transaction(async (tx) => {
    const inserted = await insertVersionRow(tx, {
      appId,
      userId,
      name: fields.name,
      templateType: fields.template_type,
      ...prepared,
      flavorName: fields.flavor_name ?? null,
      volumeType: fields.volume_type ?? null,
    });
    await recordHistory(tx, {
      userId,
      appId,
      action: 'version_created',
      version: { id: inserted.id, name: inserted.name },
      actor,
      detail,
      locations: [],
    });
    await touchApp(tx, appId, now());
    return inserted;
  });
  return toVersion(row, []);
}

export async function updateVersion(
  context: AppsContext,
  userId: string,
  versionId: string,
  name: string,
): Promise<Version> {
  const { db, now } = context;
  await ownVersion(db, userId, versionId);
  await updateVersionRow(db, versionId, { name, updatedAt: now() });
  const row = await ownVersion(db, userId, versionId);
  const views = await deploymentViewsOfVersion(db, userId, versionId);
  return toVersion(row, views.map(toDeployment));
}

export async function removeVersion(
  context: AppsContext,
  userId: string,
  versionId: string,
  actor: HistoryActor,
): Promise<{ status: 'success' | 'deleting' }> {
  const { db, now } = context;
  const version = await ownVersion(db, userId, versionId);
  return inTransaction(context, async (tx, send) => {
    const app = await lockApp(tx, version.appId);
    if (!app || app.deleting) throw new NotFoundError('Version not found');
    if ((await countVersionsOfApp(tx, app.id)) <= 1) {
      throw new ConflictError(appApiMessages.lastVersion);
    }
    const rows = await deploymentWorkOfVersion(tx, versionId);
    requireSettled(rows, appApiMessages.versionInProgress);
    await updateVersionRow(tx, versionId, { deleting: true, updatedAt: now() });
    await recordEvent(tx, {
      userId,
      type: eventType('VERSION', 'DELETE', 'PENDING'),
      payload: payloadOf(app, undefined, version),
    });
    const detail = `Version ${version.name} deleted`;
    if (rows.length === 0) {
      const named = { id: version.id, name: version.name };
      await recordHistory(tx, {
        userId,
        appId: app.id,
        action: 'removed',
        version: named,
        actor,
        detail,
        locations: [],
      });
    }
    await recordWorkHistory(tx, rows, { action: 'removed', actor, detail });
    const left = await startRemovals(context, tx, send, app, rows, 'delete');
    if (left > 0) return { status: 'deleting' as const };
    await deleteVersionRow(tx, versionId);
    await recordEvent(tx, {
      userId,
      type: eventType('VERSION', 'DELETE', 'FULFILLED'),
      payload: payloadOf(app, undefined, version),
    });
    return { status: 'success' as const };
  });
}

/** The version's template as stored (a private registry's password sealed). */
export async function versionTemplate(
  context: AppsContext,
  userId: string,
  versionId: string,
): Promise<{ name: string; text: string }> {
  const version = await ownVersion(context.db, userId, versionId);
  return { name: version.templateName, text: version.rawTemplate };
}
