import { intlLocale } from '../../shared/lib/format-date';
import { t } from '../../shared/i18n/translate';
import { useAppOverview } from '../../shared/api/apps-list';
import { useSmartClusterOverview } from '../../shared/api/smart-clusters-list';
import { useTraffic } from './api/get-traffic';
import {
  overviewCounters,
  trafficTags,
  type ResourceCounters,
  type TrafficTag,
} from './overview-model';
import styles from './resource-overview.module.css';

export type { ResourceCounters, TrafficTag };

export const emptyCounters: ResourceCounters = {
  apps: 0,
  clusters: 0,
  servers: 0,
  cpus: 0,
  ramGb: 0,
  storage: '0 GB',
};

interface ResourceOverviewViewProps {
  counters?: ResourceCounters;
  /** Traffic tags; absent while there are no daily totals. */
  traffic?: TrafficTag[];
}

// As antd's Statistic showed them: whole numbers grouped by thousands, text as it is.
const formatValue = (value: number | string) =>
  typeof value === 'number'
    ? value.toLocaleString(intlLocale(), { maximumFractionDigits: 20 })
    : value;

/** The header's dashboard, from the user's apps, clusters and traffic (spec "Screens and routes"). */
export function ResourceOverview() {
  // Summaries, not lists: a page of one app and one smart cluster carries the totals.
  const apps = useAppOverview();
  const smartClusters = useSmartClusterOverview();
  const traffic = useTraffic();
  // Built at each render, cheap: a memo would keep the words of a language switched away from.
  const counters = overviewCounters(apps.data?.total ?? 0, smartClusters.data);
  const tags = trafficTags(smartClusters.data?.can_have_traffic ?? false, traffic.data);
  return <ResourceOverviewView counters={counters} traffic={tags} />;
}

/** Resource counters and traffic tags, as given. */
export function ResourceOverviewView({
  counters = emptyCounters,
  traffic,
}: ResourceOverviewViewProps) {
  const items = [
    { key: 'apps', title: t('overview.apps'), value: counters.apps },
    { key: 'clusters', title: t('overview.clusters'), value: counters.clusters },
    { key: 'servers', title: t('overview.servers'), value: counters.servers },
    { key: 'cpus', title: t('overview.cpus'), value: counters.cpus },
    { key: 'ram', title: t('overview.ram'), value: counters.ramGb },
    { key: 'storage', title: t('overview.storage'), value: counters.storage },
  ];

  return (
    <section className={styles.overview} aria-label={t('overview.label')}>
      <ul className={styles.counters}>
        {items.map((item) => (
          <li key={item.key} className={styles.counter} data-testid={`overview-${item.key}`}>
            <span className={styles.value} data-testid={`overview-${item.key}-value`}>
              {formatValue(item.value)}
            </span>
            <span className={styles.title}>{item.title}</span>
          </li>
        ))}
      </ul>
      <div className={styles.traffic}>
        {traffic && traffic.length > 0 ? (
          traffic.map((tag) => (
            <span
              key={tag.key}
              className={styles.trafficTag}
              data-testid={`traffic-${tag.key}`}
              title={tag.hint}
            >
              <strong>{tag.value}</strong> {tag.label}
            </span>
          ))
        ) : (
          <span className={styles.waiting} title={t('overview.waitingForTrafficHint')}>
            <span className={styles.pulse} aria-hidden="true" />
            {t('overview.waitingForTraffic')}
          </span>
        )}
      </div>
    </section>
  );
}
