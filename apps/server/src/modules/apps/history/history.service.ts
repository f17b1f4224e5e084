import type { AppHistoryPage, AppHistoryQuery } from '@meridian/domain/apps/app-history';
import { NotFoundError } from '../../../platform/http/errors';
import { ownApp } from '../app/app.records';
import type { AppsContext } from '../apps-context';
import { toHistoryEntry } from './history.mapper';
import { historyPageRows, locationsOfEntries } from './history.queries';
import type { AppHistoryLocationRow } from '../../../platform/db/schema/apps';

/** One page of the user's app's history, newest first; another user's app is not found. */
export async function appHistoryPage(
  context: Pick<AppsContext, 'db'>,
  userId: string,
  appId: string,
  query: AppHistoryQuery,
): Promise<AppHistoryPage> {
  const { db } = context;
  const app = await ownApp(db, userId, appId);
  if (app.deleting) throw new NotFoundError('App not found');
  const { rows, total } = await historyPageRows(
    db,
    { appId, versionId: query.version, location: query.location },
    query,
  );
  const locations = await locationsOfEntries(
    db,
    rows.map((row) => row.id),
  );
  const byEntry = new Map<string, AppHistoryLocationRow[]>();
  for (const location of locations) {
    byEntry.set(location.historyId, [...(byEntry.get(location.historyId) ?? []), location]);
  }
  return {
    items: rows.map((row) => toHistoryEntry(row, byEntry.get(row.id) ?? [])),
    total,
    offset: query.offset,
    limit: query.limit,
  };
}
