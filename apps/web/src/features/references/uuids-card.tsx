import { displayStatus } from '@meridian/domain/status';
import { Card, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { t } from './references.texts';
import type { RolloutApp } from './api/get-rollout-apps';
import type { RolloutSmartCluster } from './api/get-rollout-smart-clusters';
import styles from './cluster-integration-page.module.css';
import { currentLocale } from '../../shared/i18n/locale';

interface UuidRow {
  key: string;
  kind: string;
  name: string;
  uuid: string;
  status?: string;
}

const uuidColumns = (): ColumnsType<UuidRow> => [
  { title: t('references.clusterIntegration.column.kind'), dataIndex: 'kind', key: 'kind' },
  {
    title: t('references.clusterIntegration.column.name'),
    dataIndex: 'name',
    key: 'name',
    render: (name: string, row) => (
      <span className={styles.name}>
        {name}
        {row.status ? (
          <Tag color={displayStatus(row.status).color} variant="filled">
            {displayStatus(row.status, currentLocale()).label}
          </Tag>
        ) : null}
      </span>
    ),
  },
  {
    title: t('references.clusterIntegration.column.uuid'),
    dataIndex: 'uuid',
    key: 'uuid',
    render: (uuid: string) => (
      <Typography.Text code copyable={{ text: uuid }}>
        {uuid}
      </Typography.Text>
    ),
  },
];

interface UuidsCardProps {
  apps: readonly RolloutApp[];
  smartClusters: readonly RolloutSmartCluster[];
  loading: boolean;
}

/** Spec "Screens and routes": how to find cluster and app UUIDs, and the user's own to copy. */
export function UuidsCard({ apps, smartClusters, loading }: UuidsCardProps) {
  const uuidRows: UuidRow[] = [
    ...apps.map((item) => ({
      key: `app-${item.uuid}`,
      kind: t('references.clusterIntegration.kind.app'),
      name: item.name,
      uuid: item.uuid,
    })),
    ...smartClusters.map((item) => ({
      key: `smart-cluster-${item.uuid}`,
      kind: t('references.clusterIntegration.kind.smartCluster'),
      name: item.name,
      uuid: item.uuid,
      status: item.status,
    })),
  ];
  return (
    <Card variant="borderless" className={styles.card}>
      <Typography.Title level={2} className={styles.heading}>
        {t('references.clusterIntegration.uuids.title')}
      </Typography.Title>
      <ul className={styles.steps}>
        <li>{t('references.clusterIntegration.uuids.app')}</li>
        <li>
          {t('references.clusterIntegration.uuids.smartCluster')}{' '}
          <Link to="/clusters">{t('references.clusterIntegration.clustersLink')}</Link>.
        </li>
      </ul>
      <Table<UuidRow>
        size="small"
        rowKey="key"
        columns={uuidColumns()}
        dataSource={uuidRows}
        loading={loading}
        pagination={false}
        aria-label={t('references.clusterIntegration.uuids.title')}
        locale={{ emptyText: t('references.clusterIntegration.uuids.empty') }}
      />
    </Card>
  );
}
