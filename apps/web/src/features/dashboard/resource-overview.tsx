import { Statistic } from 'antd';
import { t } from '../../shared/i18n/translate';
import styles from './resource-overview.module.css';

export interface ResourceCounters {
  apps: number;
  clusters: number;
  servers: number;
  cpus: number;
  ramGb: number;
  /** Human-readable total, e.g. '20 GB' or '1.5 TB'. */
  storage: string;
}

export const emptyCounters: ResourceCounters = {
  apps: 0,
  clusters: 0,
  servers: 0,
  cpus: 0,
  ramGb: 0,
  storage: '0 GB',
};

interface ResourceOverviewProps {
  counters?: ResourceCounters;
  /** Traffic tags; absent while there are no daily totals. */
  traffic?: { label: string; value: string }[];
}

// Inline, so they win over antd's own statistic colours on the navy header.
const statisticStyles = {
  title: {
    margin: 0,
    padding: 0,
    fontSize: 11,
    lineHeight: '14px',
    color: 'rgba(255, 255, 255, 0.6)',
    whiteSpace: 'nowrap',
  },
  content: {
    fontSize: 16,
    lineHeight: '20px',
    fontWeight: 600,
    color: '#ffffff',
    fontVariantNumeric: 'tabular-nums',
    whiteSpace: 'nowrap',
  },
} as const;

/** The header's dashboard: resource counters and traffic (spec §2). */
export function ResourceOverview({ counters = emptyCounters, traffic }: ResourceOverviewProps) {
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
          <li key={item.key} className={styles.counter}>
            <Statistic
              title={item.title}
              value={item.value}
              className={styles.statistic}
              styles={statisticStyles}
            />
          </li>
        ))}
      </ul>
      <div className={styles.traffic}>
        {traffic && traffic.length > 0 ? (
          traffic.map((tag) => (
            <span key={tag.label} className={styles.trafficTag}>
              <strong>{tag.value}</strong> {tag.label}
            </span>
          ))
        ) : (
          <span className={styles.waiting}>
            <span className={styles.pulse} aria-hidden="true" />
            {t('overview.waitingForTraffic')}
          </span>
        )}
      </div>
    </section>
  );
}
