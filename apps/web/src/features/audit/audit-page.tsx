import { DownloadOutlined } from '@ant-design/icons';
import type { AuditEntry } from '@meridian/domain/auth/audit';
import { Alert, Button, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { PageHeader } from '../../shared/components/page-header';
import { formatDateTime } from '../../shared/lib/format-date';
import { notify } from '../../shared/notifications/notify';
import { downloadAuditCsv, noAuditFilters, useAuditPage } from './api/get-audit';
import { AuditFilterBar } from './audit-filters';
import { t } from './audit.texts';
import styles from './audit-page.module.css';

const pageSize = 50;

/** Built at each render, so its titles follow the console's language. */
const columns = (): ColumnsType<AuditEntry> => [
  {
    title: t('audit.column.at'),
    dataIndex: 'at',
    key: 'at',
    render: (at: string) => formatDateTime(at),
  },
  {
    title: t('audit.column.actor'),
    key: 'actor',
    render: (_value, { actor }) => (
      <span>
        <span className={styles.muted}>{t(`audit.actor.${actor.type}`)}</span>{' '}
        {actor.name ?? actor.uuid ?? ''}
      </span>
    ),
  },
  {
    title: t('audit.column.action'),
    dataIndex: 'action',
    key: 'action',
    render: (action: string) => <code className={styles.action}>{action}</code>,
  },
  {
    title: t('audit.column.target'),
    key: 'target',
    render: (_value, { target }) => (
      <span>
        <span className={styles.muted}>{target.type}</span> {target.name ?? target.uuid ?? ''}
      </span>
    ),
  },
  { title: t('audit.column.ip'), dataIndex: 'ip', key: 'ip' },
  {
    title: t('audit.column.result'),
    dataIndex: 'result',
    key: 'result',
    render: (result: AuditEntry['result']) => (
      <Tag color={result === 'success' ? 'green' : 'red'}>{t(`audit.result.${result}`)}</Tag>
    ),
  },
];

/** /audit: who changed what, refusals included; filters, pages and a CSV of the same entries. */
export function AuditPage() {
  const [filters, setFilters] = useState(noAuditFilters);
  const [pageNumber, setPageNumber] = useState(1);
  const [downloading, setDownloading] = useState(false);
  const audit = useAuditPage(filters, { limit: pageSize, offset: (pageNumber - 1) * pageSize });

  const download = () => {
    setDownloading(true);
    downloadAuditCsv(filters)
      .catch(() => notify.error(t('audit.downloadFailed'), t('error.tryAgain')))
      .finally(() => setDownloading(false));
  };
  const downloadButton = (
    <Button icon={<DownloadOutlined aria-hidden />} onClick={download} loading={downloading}>
      {t('audit.download')}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t('audit.title')}
        description={t('audit.intro')}
        actions={downloadButton}
      />
      <AuditFilterBar
        onApply={(next) => {
          setFilters(next);
          setPageNumber(1);
        }}
      />
      {audit.isError ? (
        <Alert
          type="error"
          showIcon
          className={styles.alert}
          title={t('audit.fetchFailed')}
          description={t('error.tryAgain')}
        />
      ) : null}
      <Table<AuditEntry>
        className={styles.table}
        rowKey="uuid"
        size="middle"
        columns={columns()}
        dataSource={audit.data?.items ?? []}
        loading={audit.isPending || audit.isPlaceholderData}
        locale={{ emptyText: `${t('audit.empty')}. ${t('audit.emptyHint')}` }}
        aria-label={t('audit.title')}
        pagination={{
          current: pageNumber,
          pageSize,
          total: audit.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (count) => (count === 1 ? t('audit.totalOne') : t('audit.total', { count })),
          onChange: setPageNumber,
        }}
      />
    </>
  );
}
