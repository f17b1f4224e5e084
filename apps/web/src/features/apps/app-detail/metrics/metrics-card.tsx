import type { MetricsRange } from '@meridian/domain/apps/deployment-metrics';
import { Alert, Empty, Segmented, Skeleton } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { t } from '../../apps.texts';
import type { TextKey } from '../../apps.texts';
import detailStyles from '../app-detail.module.css';
import { useDeploymentMetrics } from './get-deployment-metrics';
import styles from './metrics.module.css';

// The chart library loads with the charts, only on a deployment's page, never on /login or /home.
const MetricsCharts = lazy(() =>
  import('./metrics-charts').then((module) => ({ default: module.MetricsCharts })),
);

const rangeLabels: Record<MetricsRange, TextKey> = {
  '15m': 'apps.detail.metrics.range15m',
  '1h': 'apps.detail.metrics.range1h',
  '6h': 'apps.detail.metrics.range6h',
  '24h': 'apps.detail.metrics.range24h',
  '7d': 'apps.detail.metrics.range7d',
};

const ranges: MetricsRange[] = ['15m', '1h', '6h', '24h', '7d'];

/** The deployment's requests, latency, errors, CPU and memory over a chosen range. */
export function DeploymentMetricsCard({ deploymentId }: { deploymentId: string }) {
  const [range, setRange] = useState<MetricsRange>('15m');
  const metrics = useDeploymentMetrics(deploymentId, range);
  const title = t('apps.detail.metrics.title');
  const measured = metrics.data?.points.some((point) => point.requests_per_second !== null);

  let body;
  if (metrics.isPending) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (metrics.isError) {
    body = (
      <Alert
        type="warning"
        showIcon
        title={t('apps.detail.metrics.failed')}
        description={metrics.error.message}
      />
    );
  } else if (!measured) {
    body = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <span>
            <strong>{t('apps.detail.metrics.empty')}</strong>
            <br />
            {t('apps.detail.metrics.emptyHint')}
          </span>
        }
        data-testid="metrics-empty"
      />
    );
  } else {
    body = (
      <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
        <MetricsCharts metrics={metrics.data} />
      </Suspense>
    );
  }

  return (
    <section
      className={`${detailStyles.infoCard} ${detailStyles.wideCard}`}
      aria-label={title}
      data-testid="card-metrics"
    >
      <div className={styles.header}>
        <h3 className={detailStyles.infoTitle}>{title}</h3>
        <Segmented<MetricsRange>
          size="small"
          aria-label={t('apps.detail.metrics.range')}
          value={range}
          onChange={setRange}
          options={ranges.map((value) => ({ value, label: t(rangeLabels[value]) }))}
        />
      </div>
      {body}
    </section>
  );
}
