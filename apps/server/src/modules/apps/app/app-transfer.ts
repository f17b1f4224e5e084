import { organizationMessages } from '@meridian/domain/auth/organization';
import type { App } from '@meridian/domain/apps/app-api';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import {
  appHistory,
  apps,
  deployments,
  rollouts,
  versions,
} from '../../../platform/db/schema/apps';
import { ConflictError, NotFoundError } from '../../../platform/http/errors';
import type { AppsContext } from '../apps-context';
import { lockApp } from './app.queries';
import { getApp } from './app.service';

/**
 * Moves a personal app into an organisation's account (docs/organizations.md), with its versions,
 * history and past rollouts. Only an app with nothing deployed moves: its deployments would run
 * on the caller's own smart clusters, and an organisation's app runs only on the organisation's.
 */
export async function moveAppToOrganization(
  context: AppsContext,
  callerId: string,
  appId: string,
  organizationId: string,
): Promise<App> {
  await context.db.transaction(async (tx) => {
    const app = await lockApp(tx, appId);
    if (!app || app.userId !== callerId) throw new NotFoundError('App not found');
    const [deployed] = await tx
      .select({ id: deployments.id })
      .from(deployments)
      .where(eq(deployments.appId, appId))
      .limit(1);
    if (deployed) throw new ConflictError(organizationMessages.moveDeployed('app'));
    await moveRows(tx, appId, organizationId);
  });
  return getApp(context, organizationId, appId);
}

async function moveRows(tx: Database, appId: string, accountId: string): Promise<void> {
  await tx
    .update(apps)
    .set({ userId: accountId, organizationId: accountId })
    .where(eq(apps.id, appId));
  await tx.update(versions).set({ userId: accountId }).where(eq(versions.appId, appId));
  await tx.update(appHistory).set({ userId: accountId }).where(eq(appHistory.appId, appId));
  await tx.update(rollouts).set({ userId: accountId }).where(eq(rollouts.appId, appId));
}
