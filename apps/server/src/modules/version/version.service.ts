import { appApiMessages, type Version } from '@meridian/domain/apps/app-api';
import type { VersionCreateFields } from '@meridian/domain/apps/app-form';
import { eventType } from '@meridian/domain/events/event-catalogue';
import { and, eq } from 'drizzle-orm';
import { apps, deployments, versions, type VersionRow } from '../../platform/db/schema';
import { ConflictError, NotFoundError } from '../../platform/http/errors';
import { recordEvent } from '../event/event.service';
import { lockApp } from '../app/app.queries';
import { ownApp } from '../app/app.service';
import { inTransaction, type AppsContext, type TemplateUpload } from '../deployment/apps-context';
import { payloadOf } from '../deployment/deployment.events';
import { toDeployment } from '../deployment/deployment.mapper';
import { deploymentsOfUser, listDeploymentViews, workOf } from '../deployment/deployment.queries';
import { requireSettled, startRemovals } from '../deployment/deployment.rollout';
import { prepareTemplate } from '../template/template.service';
import { toVersion } from './version.mapper';
import { findOwnVersion } from './version.queries';

export async function ownVersion(
  context: AppsContext,
  userId: string,
  id: string,
): Promise<VersionRow> {
  const { db } = context;
  const row = await findOwnVersion(db, userId, id);
  if (!row) throw new NotFoundError('Version not found');
  return row;
}

export async function createVersion(
  context: AppsContext,
  userId: string,
  appId: string,
  fields: VersionCreateFields,
  upload: TemplateUpload,
): Promise<Version> {
  const { db, secrets, now } = context;
  const app = await ownApp(context, userId, appId);
  if (app.deleting) throw new NotFoundError('App not found');
  const prepared = prepareTemplate(
    app.name,
    fields.template_type,
    upload.text,
    fields.template_name ?? upload.filename,
    secrets,
  );
  const [row] = await db
    .insert(versions)
    .values({
      appId,
      userId,
      name: fields.name,
      templateType: fields.template_type,
      ...prepared,
      flavorName: fields.flavor_name ?? null,
      volumeType: fields.volume_type ?? null,
    })
    .returning();
  await db.update(apps).set({ updatedAt: now() }).where(eq(apps.id, appId));
  return toVersion(row!, []);
}

export async function updateVersion(
  context: AppsContext,
  userId: string,
  versionId: string,
  name: string,
): Promise<Version> {
  const { db, now } = context;
  await ownVersion(context, userId, versionId);
  await db.update(versions).set({ name, updatedAt: now() }).where(eq(versions.id, versionId));
  const row = await ownVersion(context, userId, versionId);
  const views = await listDeploymentViews(
    db,
    and(deploymentsOfUser(userId), eq(deployments.versionId, versionId)),
  );
  return toVersion(row, views.map(toDeployment));
}

export async function removeVersion(
  context: AppsContext,
  userId: string,
  versionId: string,
): Promise<{ status: 'success' | 'deleting' }> {
  const { now } = context;
  const version = await ownVersion(context, userId, versionId);
  return inTransaction(context, async (tx, send) => {
    const app = await lockApp(tx, version.appId);
    if (!app || app.deleting) throw new NotFoundError('Version not found');
    const siblings = await tx
      .select({ id: versions.id })
      .from(versions)
      .where(eq(versions.appId, app.id));
    if (siblings.length <= 1) throw new ConflictError(appApiMessages.lastVersion);
    const rows = await workOf(tx, eq(deployments.versionId, versionId));
    requireSettled(rows, appApiMessages.versionInProgress);
    await tx
      .update(versions)
      .set({ deleting: true, updatedAt: now() })
      .where(eq(versions.id, versionId));
    await recordEvent(tx, {
      userId,
      type: eventType('VERSION', 'DELETE', 'PENDING'),
      payload: payloadOf(app, undefined, version),
    });
    const left = await startRemovals(context, tx, send, app, rows, 'delete');
    if (left > 0) return { status: 'deleting' as const };
    await tx.delete(versions).where(eq(versions.id, versionId));
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
  const version = await ownVersion(context, userId, versionId);
  return { name: version.templateName, text: version.rawTemplate };
}
