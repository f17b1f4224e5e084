import type { Datacenter } from '@meridian/domain/clusters/datacenter';
import { formatCad } from '@meridian/domain/billing/usage-rules';
import { currentLocale } from '../../../shared/i18n/locale';
import type { SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import { Divider, Skeleton, Typography } from 'antd';
import { t } from '../clusters.texts';
import { formatDateTime } from '../../../shared/lib/format-date';
import { usePlacements } from '../api/get-placements';
import styles from './placement.module.css';

/** The details drawer's "Why these locations" and placement history of an AUTOMATIC smart cluster. */
export function PlacementHistory({
  smartCluster,
  datacenters,
}: {
  smartCluster: SmartCluster;
  datacenters: readonly Datacenter[];
}) {
  const { placement } = smartCluster;
  const history = usePlacements(smartCluster.uuid, placement !== null);
  if (!placement) return null;
  const name = (uuid: string) => datacenters.find((dc) => dc.uuid === uuid)?.location ?? uuid;
  return (
    <>
      <Divider titlePlacement="start">{t('clusters.details.why')}</Divider>
      <Typography.Paragraph data-testid="placement-reason">{placement.reason}</Typography.Paragraph>
      <Divider titlePlacement="start">{t('clusters.details.history')}</Divider>
      {history.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : (
        <ol className={styles.history} data-testid="placement-history">
          {(history.data?.placements ?? []).map((decision) => (
            <li key={decision.decided_at} className={styles.historyItem}>
              <strong>{decision.datacenters.map(name).join(', ')}</strong>
              <span className={styles.historyMeta}>
                {t('clusters.details.historyMeta', {
                  when: formatDateTime(decision.decided_at),
                  p95: decision.p95_latency_ms,
                  cost: formatCad(decision.monthly_cost, currentLocale()),
                  source: t(`clusters.details.source.${decision.demand_source}`),
                })}
              </span>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
