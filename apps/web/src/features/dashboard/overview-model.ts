import type { App } from '@meridian/domain/apps/app-api';
import type { Cluster, SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import {
  canHaveTraffic,
  formatStorage,
  resourceTotals,
} from '@meridian/domain/traffic/resource-overview';
import {
  formatRequestsPerMinute,
  requestsPerMinute,
  type Traffic,
} from '@meridian/domain/traffic/traffic';
import { t } from '../../shared/i18n/translate';

export interface ResourceCounters {
  apps: number;
  clusters: number;
  servers: number;
  cpus: number;
  ramGb: number;
  /** Human-readable total, e.g. '20 GB' or '1.5 TB'. */
  storage: string;
}

export interface TrafficTag {
  key: 'users' | 'requests';
  label: string;
  value: string;
}

/** The header counters (spec "Screens and routes"): apps, smart clusters, and what their member clusters run on. */
export function overviewCounters(
  apps: readonly App[],
  smartClusters: readonly SmartCluster[],
  clusters: readonly Cluster[],
): ResourceCounters {
  const live = smartClusters.filter((smart) => !smart.deleted);
  const totals = resourceTotals(live, clusters);
  return {
    apps: apps.length,
    clusters: live.length,
    servers: totals.servers,
    cpus: totals.cpus,
    ramGb: totals.ramGb,
    storage: formatStorage(totals.storageGb),
  };
}

/**
 * Users per day and requests per minute, only while some smart cluster can serve (success,
 * creating, updating or deleting) and today has traffic; otherwise none (the waiting text).
 */
export function trafficTags(
  smartClusters: readonly SmartCluster[],
  traffic: Traffic | undefined,
): TrafficTag[] | undefined {
  if (!traffic || !canHaveTraffic(smartClusters)) return undefined;
  const { total_requests, daily_active_users } = traffic.daily_totals;
  if (total_requests <= 0 && daily_active_users <= 0) return undefined;
  return [
    {
      key: 'users',
      label: t('overview.usersPerDay'),
      value: daily_active_users.toLocaleString('en-US'),
    },
    {
      key: 'requests',
      label: t('overview.requestsPerMinute'),
      value: formatRequestsPerMinute(requestsPerMinute(total_requests)),
    },
  ];
}
