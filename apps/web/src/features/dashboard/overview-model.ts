import { currentLocale } from '../../shared/i18n/locale';
import { intlLocale } from '../../shared/lib/format-date';
import type { SmartClusterOverview } from '@meridian/domain/clusters/cluster-api';
import { formatStorage } from '@meridian/domain/traffic/resource-overview';
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
  /** What the figure counts, over which time: shown on hover. */
  hint: string;
}

/**
 * The header counters (spec "Screens and routes"): apps, smart clusters, and what their member
 * clusters run on, from the summaries the server answers (no list of every resource).
 */
export function overviewCounters(
  appCount: number,
  overview: SmartClusterOverview | undefined,
): ResourceCounters {
  return {
    apps: appCount,
    clusters: overview?.smart_clusters ?? 0,
    servers: overview?.servers ?? 0,
    cpus: overview?.cpus ?? 0,
    ramGb: overview?.ram_gb ?? 0,
    storage: formatStorage(overview?.storage_gb ?? 0),
  };
}

/**
 * Users per day (the last 24 hours) and requests per minute (the daily figure, which is this
 * hour's rate, over 24 × 60), only while some smart cluster can serve (success, creating,
 * updating or deleting) and there is traffic; otherwise none (the waiting text).
 */
export function trafficTags(
  serving: boolean,
  traffic: Traffic | undefined,
): TrafficTag[] | undefined {
  if (!traffic || !serving) return undefined;
  const { total_requests, daily_active_users } = traffic.daily_totals;
  if (total_requests <= 0 && daily_active_users <= 0) return undefined;
  return [
    {
      key: 'users',
      label: t('overview.usersPerDay'),
      value: daily_active_users.toLocaleString(intlLocale()),
      hint: t('overview.usersPerDayHint'),
    },
    {
      key: 'requests',
      label: t('overview.requestsPerMinute'),
      value: formatRequestsPerMinute(requestsPerMinute(total_requests), currentLocale()),
      hint: t('overview.requestsPerMinuteHint'),
    },
  ];
}
