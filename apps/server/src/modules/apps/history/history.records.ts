import type { Database } from '../../../platform/db/database';
import type { HistoryActor } from '../../../platform/http/request-actor';
import type { DeploymentView, DeploymentWork } from '../deployment/deployment.types';
import {
  insertHistory,
  locationOutcomesOf,
  settlePendingLocations,
  updateHistoryOutcome,
} from './history.queries';
import type { HistoryAction, HistoryOutcome } from '../../../platform/db/schema/apps';

export interface HistoryLocationInput {
  deploymentId: string;
  clusterId: string;
  datacenterUuid: string;
  location: string;
}

export interface HistoryEntryInput {
  userId: string;
  appId: string;
  action: HistoryAction;
  version?: { id: string; name: string } | null;
  fromVersion?: { id: string; name: string } | null;
  smartCluster?: { id: string; name: string } | null;
  actor: HistoryActor;
  /** Default: 'pending' while locations are to report, else 'success'. */
  outcome?: HistoryOutcome;
  detail?: string | null;
  rolloutId?: string | null;
  locations: HistoryLocationInput[];
}

/** Writes one entry and its locations (each pending); answers the entry's id. */
export function recordHistory(tx: Database, entry: HistoryEntryInput): Promise<string> {
  return insertHistory(
    tx,
    {
      userId: entry.userId,
      appId: entry.appId,
      action: entry.action,
      versionId: entry.version?.id ?? null,
      versionName: entry.version?.name ?? null,
      fromVersionId: entry.fromVersion?.id ?? null,
      fromVersionName: entry.fromVersion?.name ?? null,
      smartClusterId: entry.smartCluster?.id ?? null,
      smartClusterName: entry.smartCluster?.name ?? null,
      actorKind: entry.actor.kind,
      actorName: entry.actor.name,
      outcome: entry.outcome ?? (entry.locations.length > 0 ? 'pending' : 'success'),
      detail: entry.detail ?? null,
      rolloutId: entry.rolloutId ?? null,
    },
    entry.locations.map((location) => ({ ...location, outcome: 'pending' as const, reason: null })),
  );
}

/**
 * A deployment's job ended: its pending locations take the outcome, and each entry they belong to
 * ends once none is pending (failure if one failed) — except a rollout's, which the rollout ends.
 */
export async function settleHistoryLocation(
  tx: Database,
  deploymentId: string,
  outcome: 'success' | 'failure',
  reason: string | null,
): Promise<void> {
  const touched = await settlePendingLocations(tx, deploymentId, outcome, reason);
  if (touched.length === 0) return;
  const outcomes = await locationOutcomesOf(tx, touched);
  for (const [historyId, list] of outcomes) {
    if (list.includes('pending')) continue;
    await updateHistoryOutcome(tx, historyId, list.includes('failure') ? 'failure' : 'success');
  }
}

/** Where a deployment runs, as a history location. */
export function historyLocationOf(source: {
  deployment: { id: string };
  cluster: { id: string };
  datacenter: { uuid: string; location: string };
}): HistoryLocationInput {
  return {
    deploymentId: source.deployment.id,
    clusterId: source.cluster.id,
    datacenterUuid: source.datacenter.uuid,
    location: source.datacenter.location,
  };
}

/** The history locations of deployment views (one smart cluster's, as a deploy made them). */
export function historyLocationsOfViews(views: readonly DeploymentView[]): HistoryLocationInput[] {
  return views.map(historyLocationOf);
}

/**
 * Deployment works grouped by version and smart cluster: one history entry per group, as one
 * event per group reports it.
 */
export function groupForHistory<T extends DeploymentWork>(works: readonly T[]): T[][] {
  const groups = new Map<string, T[]>();
  for (const work of works) {
    const key = `${work.version.id}:${work.smartCluster.id}`;
    groups.set(key, [...(groups.get(key) ?? []), work]);
  }
  return [...groups.values()];
}

/**
 * Records one entry per version and smart cluster of `works` (an update, image update or
 * removal), each with its deployments as locations.
 */
export async function recordWorkHistory(
  tx: Database,
  works: readonly DeploymentWork[],
  entry: Pick<HistoryEntryInput, 'action' | 'actor' | 'detail'>,
): Promise<void> {
  for (const group of groupForHistory(works)) {
    const { app, version, smartCluster } = group[0]!;
    await recordHistory(tx, {
      ...entry,
      userId: app.userId,
      appId: app.id,
      version: { id: version.id, name: version.name },
      smartCluster: { id: smartCluster.id, name: smartCluster.name },
      locations: group.map(historyLocationOf),
    });
  }
}

/** What an update changed, as a sentence: "Image nginx:1.28, 3 replicas." */
export function updateDetail(change: { image_name?: string; replicas?: number }): string {
  const parts = [
    ...(change.image_name !== undefined ? [`Image ${change.image_name}`] : []),
    ...(change.replicas !== undefined
      ? [`${change.replicas} replica${change.replicas === 1 ? '' : 's'}`]
      : []),
  ];
  return parts.length > 0 ? `${parts.join(', ')}.` : 'Rolled out again.';
}
