import type { AppSummary, AppSummaryPage, AppSummaryQuery } from '@meridian/domain/apps/app-api';
import { pageOf } from '@meridian/domain/list-page';
import { isInProgress } from '@meridian/domain/status';
import {
  createPerUserRevisionCache,
  type PerUserRevisionCache,
  type RevisionReader,
} from '../../../platform/db/per-user-revision-cache';
import type { AppsContext } from '../apps-context';
import { toAppSummary } from './app.mapper';
import { listAppRows } from './app.queries';
import {
  deploymentStatesOfUser,
  type DeploymentState,
} from '../deployment/deployment-states.queries';

/** Every app of a user in both orders, kept by the user's revision (as the full list is). */
interface AppSummaries {
  byCreated: AppSummary[];
  byUpdated: AppSummary[];
  pendingDatacenters: string[];
}

export type AppSummaryCache = PerUserRevisionCache<AppSummaries>;

export function createAppSummaryCache(): AppSummaryCache {
  return createPerUserRevisionCache<AppSummaries>();
}

/** Newest first; equal times keep a stable order by name (as the console sorted them). */
function newestFirst(field: 'createdAt' | 'updatedAt') {
  return (a: AppSummary, b: AppSummary) =>
    b[field].localeCompare(a[field]) || a.name.localeCompare(b.name);
}

async function buildSummaries(context: AppsContext, userId: string): Promise<AppSummaries> {
  const [rows, states] = await Promise.all([
    listAppRows(context.db, userId),
    deploymentStatesOfUser(context.db, userId),
  ]);
  const byApp = new Map<string, DeploymentState[]>();
  for (const state of states) byApp.set(state.appId, [...(byApp.get(state.appId) ?? []), state]);
  const summaries = rows.map((row) => toAppSummary(row, byApp.get(row.id) ?? []));
  const listed = new Set(rows.map((row) => row.id));
  const pending = states.filter((state) => listed.has(state.appId) && isInProgress(state.status));
  return {
    byCreated: [...summaries].sort(newestFirst('createdAt')),
    byUpdated: [...summaries].sort(newestFirst('updatedAt')),
    pendingDatacenters: [...new Set(pending.map((state) => state.datacenterUuid))].sort(),
  };
}

/**
 * One page of the user's apps as the sidebar shows them. Built once per revision of the user's
 * data; a page then costs one indexed read and a slice, whatever the number of apps.
 */
export async function appSummaryPage(
  context: AppsContext,
  cache: AppSummaryCache,
  reader: RevisionReader,
  query: AppSummaryQuery,
): Promise<AppSummaryPage> {
  const build = () => buildSummaries(context, reader.userId);
  const summaries = await cache.get(context.db, reader, build);
  const ordered = query.sort === 'updated' ? summaries.byUpdated : summaries.byCreated;
  const search = query.search;
  const matching = search
    ? ordered.filter((app) => app.name.toLowerCase().includes(search))
    : ordered;
  return { ...pageOf(matching, query), pending_datacenter_uuids: summaries.pendingDatacenters };
}
