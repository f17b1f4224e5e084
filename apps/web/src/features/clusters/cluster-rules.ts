import type { SmartClusterListItem } from '@meridian/domain/clusters/cluster-api';
import type { Cluster, SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import { clusterMessages } from '@meridian/domain/clusters/smart-cluster';
import { credentialsMessages } from '@meridian/domain/clusters/cluster-credentials';
import type { ClusterMode } from '@meridian/domain/limits';
import { isInProgress, parseStatus } from '@meridian/domain/status';
import type { Status } from '@meridian/domain/status';
import type { Locale } from '@meridian/domain/i18n/locale';
import { formatCad } from '@meridian/domain/billing/usage-rules';

/** The statuses the filter panel offers (spec "Smart clusters page"). */
export const filterStatuses = ['success', 'creating', 'updating', 'deleting', 'failure'] as const;
export type FilterStatus = (typeof filterStatuses)[number];
export const filterModes = ['MANUAL', 'AUTOMATIC'] as const satisfies readonly ClusterMode[];

export interface ClusterFilter {
  modes: ClusterMode[];
  statuses: FilterStatus[];
  search: string;
}

export const initialClusterFilter: ClusterFilter = {
  modes: [...filterModes],
  statuses: [...filterStatuses],
  search: '',
};

export function allTagsSelected(filter: ClusterFilter): boolean {
  return (
    filter.modes.length === filterModes.length && filter.statuses.length === filterStatuses.length
  );
}

/** Select-all when anything is off, clear-all when everything is on. */
export function toggleAllTags(filter: ClusterFilter): ClusterFilter {
  return allTagsSelected(filter)
    ? { ...filter, modes: [], statuses: [] }
    : { ...filter, modes: [...filterModes], statuses: [...filterStatuses] };
}

/**
 * What the server filters the list by: shown only if both its mode and its status are selected,
 * its name matches and it runs in the datacenter of /datacenters/:id; stored order.
 */
export function smartClusterFilterParams(
  filter: ClusterFilter,
  datacenterUuid?: string,
): { search?: string; modes: ClusterMode[]; statuses: FilterStatus[]; datacenter?: string } {
  const search = filter.search.trim().toLowerCase();
  return {
    ...(search ? { search } : {}),
    modes: [...filter.modes].sort(),
    statuses: [...filter.statuses].sort(),
    ...(datacenterUuid ? { datacenter: datacenterUuid } : {}),
  };
}

/** Card values: N/A when empty; the budget with a $ prefix. */
/** 'N/A' as the spec writes it; « S. O. » (sans objet) in French. */
const notApplicable = (locale: Locale) => (locale === 'fr-CA' ? 'S. O.' : 'N/A');

export function latencyText(latency: number | null | undefined, locale: Locale = 'en'): string {
  return latency === null || latency === undefined ? notApplicable(locale) : String(latency);
}

/** The spec's `$1000` in English; Canadian French writes « 1 000,00 $ ». */
export function budgetText(budget: number | null | undefined, locale: Locale = 'en'): string {
  if (budget === null || budget === undefined) return notApplicable(locale);
  return locale === 'fr-CA' ? formatCad(budget, locale) : `$${budget}`;
}

export function statusOf(cluster: { status: string }): Status | undefined {
  return parseStatus(cluster.status);
}

export type Decision = { allowed: true } | { allowed: false; warning?: string };

/**
 * Update only from success with no external member (the list says whether an external cluster
 * is one); a failed one gets the spec's warning.
 */
export function canUpdate(
  smartCluster: Pick<SmartClusterListItem, 'status' | 'has_external_member'>,
): Decision {
  const status = statusOf(smartCluster);
  if (status === 'failure') return { allowed: false, warning: clusterMessages.cannotEditFailed };
  if (status !== 'success') {
    return { allowed: false, warning: clusterMessages.cannotEditInProgress };
  }
  if (smartCluster.has_external_member) {
    return { allowed: false, warning: clusterMessages.cannotEditExternal };
  }
  return { allowed: true };
}

/** Creation takes at most an hour (spec); one still creating after that is stuck. */
export const stuckCreationAfterMs = 60 * 60 * 1000;

/**
 * Delete from success or failure, and from a creation that is stuck (still creating past the
 * longest creation time): deleting it cancels the creation.
 */
export function canDelete(
  smartCluster: Pick<SmartCluster, 'status' | 'updatedAt'>,
  now = Date.now(),
): Decision {
  const status = statusOf(smartCluster);
  const stuck =
    status === 'creating' && now - Date.parse(smartCluster.updatedAt) > stuckCreationAfterMs;
  return status === 'success' || status === 'failure' || stuck
    ? { allowed: true }
    : { allowed: false, warning: clusterMessages.cannotDeleteInProgress };
}

/** Kubeconfig: blocked while in progress, and with another warning on failure. */
export function canDownloadConfig(member: Pick<Cluster, 'status'>): Decision {
  const status = statusOf(member);
  if (status === 'failure') return { allowed: false, warning: clusterMessages.configFailed };
  if (!status || isInProgress(status)) {
    return { allowed: false, warning: clusterMessages.configInProgress };
  }
  return { allowed: true };
}

/** Credentials rotate while the smart cluster runs: not while it is being created or deleted. */
export function canRotateCredentials(smartCluster: Pick<SmartCluster, 'status'>): Decision {
  const status = statusOf(smartCluster);
  return status === 'success' || status === 'failure' || status === 'updating'
    ? { allowed: true }
    : { allowed: false, warning: credentialsMessages.rotateInProgress };
}

/** The expected duration shown beside an in-progress status (spec "Business constants and limits"). */
export function durationHint(status: Status | undefined): 'create' | 'update' | null {
  if (status === 'creating' || status === 'pending') return 'create';
  if (status === 'updating') return 'update';
  return null;
}

/** Monitoring password of spec "Business constants and limits": 12 random bytes in base64. */
export function generateMonitoringPassword(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}
