import { eventType } from '@meridian/domain/events/event-catalogue';
import { isInProgress, type Status } from '@meridian/domain/status';
import type { Database } from '../../../platform/db/database';
import { NotFoundError } from '../../../platform/http/errors';
import { recordEvent } from '../../account/account.public';
import { payloadOf } from '../deployment/deployment.events';
import { deleteVersionRow, findOwnVersion, findVersion, updateVersionRow } from './version.queries';
import type { AppRow, VersionRow } from '../../../platform/db/schema/apps';

/**
 * The version rows as the app and deployment modules read and change them: ownership, the
 * lists an app's answers show, the first version of a new app, and the end of a deletion.
 */

export async function ownVersion(db: Database, userId: string, id: string): Promise<VersionRow> {
  const row = await findOwnVersion(db, userId, id);
  if (!row) throw new NotFoundError('Version not found');
  return row;
}

/**
 * After removals: a version being deleted goes once none of its deployments is left, or stays
 * (no longer deleting) when the ones left have stopped working, with the failures.
 */
export async function settleVersionDeletion(
  tx: Database,
  app: Pick<AppRow, 'id' | 'name' | 'userId'>,
  version: Pick<VersionRow, 'id' | 'name'>,
  left: readonly { status: Status }[],
  failures: readonly string[],
  at: Date,
): Promise<void> {
  const current = await findVersion(tx, version.id);
  if (!current?.deleting) return;
  if (left.length === 0) {
    await deleteVersionRow(tx, version.id);
    await recordEvent(tx, {
      userId: app.userId,
      type: eventType('VERSION', 'DELETE', 'FULFILLED'),
      payload: payloadOf(app, undefined, version),
    });
  } else if (!left.some((row) => isInProgress(row.status))) {
    await updateVersionRow(tx, version.id, { deleting: false, updatedAt: at });
    await recordEvent(tx, {
      userId: app.userId,
      type: eventType('VERSION', 'DELETE', 'REJECTED'),
      payload: payloadOf(app, undefined, version, failures.join('\n')),
    });
  }
}
