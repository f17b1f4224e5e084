import { currentLocale } from '../../shared/i18n/locale';
import type { BillingUsageLine, UsageType } from '@meridian/domain/billing/billing-usage';
import { formatCad, formatRate, formatUptime, monthOf } from '@meridian/domain/billing/usage-rules';
import { Alert, Select, Skeleton, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { EmptyState } from '../../shared/components/empty-state';
import { PageHeader } from '../../shared/components/page-header';
import { t } from './billing.texts';
import { notify } from '../../shared/notifications/notify';
import { useBillingUsage } from './api/get-billing-usage';
import { monthLabel, monthOptions, regionFilters, subtotal } from './billing-rules';
import styles from './billing-page.module.css';
import { CostChart } from './cost-chart';
import { BudgetCard } from './budget-card';

const typeLabelKeys = {
  cluster: 'billing.type.cluster',
  stack: 'billing.type.stack',
} as const satisfies Record<UsageType, string>;

const pageSize = 10;

/** An amount in CAD as the console's language writes it. */
const cad = (amount: number) => formatCad(amount, currentLocale());

/** /billing: what each resource cost in a month, line by line, with a cost-per-day chart. */
export function BillingPage() {
  // Each render: the month names follow a switch of language.
  const options = monthOptions(new Date());
  const [month, setMonth] = useState(() => monthOf(new Date()));
  const usage = useBillingUsage(month);

  useEffect(() => {
    if (usage.isError) {
      notify.error(t('billing.fetchFailed'), t('error.contactSupport'), { key: 'billing-fetch' });
    }
  }, [usage.isError]);

  const lines = usage.data?.entities ?? [];
  const columns: ColumnsType<BillingUsageLine> = [
    { title: t('billing.column.name'), dataIndex: 'name', key: 'name' },
    { title: t('billing.column.description'), dataIndex: 'description', key: 'description' },
    {
      title: t('billing.column.type'),
      dataIndex: 'type',
      key: 'type',
      filters: (['cluster', 'stack'] as const).map((type) => ({
        text: t(typeLabelKeys[type]),
        value: type,
      })),
      onFilter: (value, line) => line.type === value,
      render: (type: UsageType) => <Tag>{t(typeLabelKeys[type])}</Tag>,
    },
    {
      title: t('billing.column.region'),
      dataIndex: 'project_region',
      key: 'project_region',
      filters: regionFilters(lines),
      onFilter: (value, line) => line.project_region === value,
    },
    {
      title: t('billing.column.quantity'),
      dataIndex: 'quantity',
      key: 'quantity',
      align: 'right',
      className: styles.number,
    },
    {
      title: t('billing.column.unit'),
      dataIndex: 'unit',
      key: 'unit',
      className: styles.number,
      render: () => t('billing.unit.hour'),
    },
    {
      title: t('billing.column.uptime'),
      dataIndex: 'uptime',
      key: 'uptime',
      align: 'right',
      className: styles.number,
      render: (seconds: number) => formatUptime(seconds),
    },
    {
      title: t('billing.column.rate'),
      dataIndex: 'rate',
      key: 'rate',
      align: 'right',
      className: styles.number,
      render: (rate: number) => formatRate(rate, currentLocale()),
    },
    {
      title: t('billing.column.total'),
      dataIndex: 'total',
      key: 'total',
      align: 'right',
      className: styles.number,
      render: (total: number) => cad(total),
    },
  ];
  const lastColumn = columns.length - 1;

  const monthPicker = (
    <Select
      // rc-select keeps the chosen option's label: a new key words it in the new language
      key={currentLocale()}
      className={styles.monthPicker}
      aria-label={t('billing.month')}
      value={month}
      options={options}
      onChange={setMonth}
    />
  );

  let body;
  if (usage.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        className={styles.alert}
        title={t('billing.fetchFailed')}
        description={t('error.contactSupport')}
      />
    );
  } else if (usage.isPending) {
    body = <Skeleton active paragraph={{ rows: 6 }} />;
  } else if (lines.length === 0) {
    body = <EmptyState title={t('billing.empty')} hint={t('billing.emptyHint')} />;
  } else {
    body = (
      <>
        <CostChart month={month} days={usage.data.days} />
        <section
          className={styles.tableCard}
          aria-label={t('billing.table', { month: monthLabel(month) })}
        >
          <Table<BillingUsageLine>
            className={styles.table}
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={lines}
            aria-label={t('billing.table', { month: monthLabel(month) })}
            pagination={{ placement: ['topEnd'], pageSize, hideOnSinglePage: false }}
            summary={(shown) => (
              <Table.Summary>
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0} colSpan={lastColumn}>
                    <span className={styles.summaryLabel}>{t('billing.subtotal')}</span>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={lastColumn} align="right" className={styles.number}>
                    <span data-testid="billing-subtotal">{cad(subtotal(shown))}</span>
                  </Table.Summary.Cell>
                </Table.Summary.Row>
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0} colSpan={lastColumn}>
                    <span className={styles.summaryLabel}>{t('billing.total')}</span>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={lastColumn} align="right" className={styles.number}>
                    <strong data-testid="billing-total">{cad(usage.data.total)}</strong>
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              </Table.Summary>
            )}
          />
        </section>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={t('billing.title')}
        description={t('billing.intro')}
        actions={monthPicker}
      />
      <BudgetCard />
      {body}
    </>
  );
}
