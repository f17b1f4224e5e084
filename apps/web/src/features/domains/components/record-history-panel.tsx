import { formatDateTime } from '../../../shared/lib/format-date';
import { recordHost, type Domain } from '@meridian/domain/domains/domain-api';
import type { HistoryRecord, RecordHistoryEntry } from '@meridian/domain/domains/zone-api';
import { Alert, Table } from 'antd';
import { useState } from 'react';
import { historyPageSize, useRecordHistory } from '../api/zone-file';
import { t } from '../domains.texts';
import styles from './domains.module.css';

function recordText(record: HistoryRecord | null, domainName: string): string {
  if (!record) return '—';
  return `${record.type} ${recordHost(record.domain, domainName)} ${record.content} (TTL ${record.ttl})`;
}

/** The record editor's history: who changed which record, when, before → after. */
export function RecordHistoryPanel({ domain }: { domain: Domain }) {
  const [page, setPage] = useState(1);
  const history = useRecordHistory(domain.uuid, page);
  const columns = [
    {
      title: t('history.column.at'),
      dataIndex: 'at',
      render: (at: string) => formatDateTime(at),
    },
    {
      title: t('history.column.who'),
      render: (_: unknown, entry: RecordHistoryEntry) =>
        entry.actor.type === 'meridian' ? t('history.actor.meridian') : entry.actor.name,
    },
    {
      title: t('history.column.what'),
      render: (_: unknown, entry: RecordHistoryEntry) => t(`history.action.${entry.action}`),
    },
    {
      title: t('history.column.change'),
      render: (_: unknown, entry: RecordHistoryEntry) =>
        `${recordText(entry.before, domain.domain_name)} → ${recordText(entry.after, domain.domain_name)}`,
    },
  ];
  return (
    <section aria-label={t('history.title')} data-testid="record-history">
      <h3 className={styles.historyTitle}>{t('history.title')}</h3>
      {history.isError ? (
        <Alert type="error" showIcon title={t('history.fetchFailed')} />
      ) : (
        <Table<RecordHistoryEntry>
          size="small"
          rowKey="uuid"
          columns={columns}
          dataSource={history.data?.items ?? []}
          loading={history.isPending}
          locale={{ emptyText: t('history.empty') }}
          pagination={{
            pageSize: historyPageSize,
            current: page,
            total: history.data?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
          }}
        />
      )}
    </section>
  );
}
