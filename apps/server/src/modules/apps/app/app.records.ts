import { eventType } from '@meridian/domain/events/event-catalogue';
import { isInProgress, type Status } from '@meridian/domain/status';
import type { Database } from '../../../platform/db/database';
import { NotFoundError } from '../../../platform/http/errors';
import { recordEvent } from '../../account/account.public';
import { payloadOf } from '../deployment/deployment.events';
import { deleteAppRow, findApp, findOwnApp, updateAppRow } from './app.queries';
import type { AppRow } from '../../../platform/db/schema/apps';

/**
 * The app rows as the version, deployment and CI/CD modules read and change them: ownership,
 * the lock every change to an app or its deployments takes first, and the end of a deletion.
 */

export async function ownApp(db: Database, userId: string, id: string): Promise<AppRow> {
  const row = await findOwnApp(db, userId, id);
  if (!row) throw new NotFoundError('App not found');
  return row;
}

/** Marks the app changed (its list order by update follows). */
export function touchApp(tx: Database, id: string, at: Date): Promise<void> {
  return updateAppRow(tx, id, { updatedAt: at });
}

/**
 * After removals: an app being deleted goes once none of its deployments is left, or stays
 * (no longer deleting) when the ones left have stopped working, with the failures.
 */
export async function settleAppDeletion(
  tx: Database,
  app: Pick<AppRow, 'id' | 'name' | 'userId'>,
  left: readonly { status: Status }[],
  failures: readonly string[],
  at: Date,
): Promise<void> {
  const current = await findApp(tx, app.id);
  if (!current?.deleting) return;
  if (left.length === 0) {
    await deleteAppRow(tx, app.id);
    await recordEvent(tx, {
      userId: app.userId,
      type: eventType('APP', 'DELETE', 'FULFILLED'),
      payload: payloadOf(app),
    });
  } else if (!left.some((row) => isInProgress(row.status))) {
    await updateAppRow(tx, app.id, { deleting: false, updatedAt: at });
    await recordEvent(tx, {
      userId: app.userId,
      type: eventType('APP', 'DELETE', 'REJECTED'),
      payload: payloadOf(app, undefined, undefined, failures.join('\n')),
    });
  }
}
