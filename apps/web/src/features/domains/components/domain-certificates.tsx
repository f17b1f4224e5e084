import type { CertificateStatus } from '@meridian/domain/domains/certificate-api';
import { Table, Tag, Typography } from 'antd';
import { t } from '../domains.texts';
import { useDomainCertificates } from '../api/get-domain-certificates';
import styles from './domains.module.css';

const statusColor: Record<CertificateStatus, string> = {
  valid: 'success',
  renewing: 'processing',
  expiring: 'warning',
  expired: 'error',
  failed: 'error',
};

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '—');

/** The certificates of the domain's deployment names: issuer, dates, status and last error. */
export function DomainCertificates({ domainId }: { domainId: string }) {
  const certificates = useDomainCertificates(domainId);
  const rows = certificates.data ?? [];
  if (!certificates.isPending && rows.length === 0) return null;
  return (
    <section className={styles.details} data-testid="domain-certificates">
      <Typography.Title level={5}>{t('domains.certificates.title')}</Typography.Title>
      <Table
        size="small"
        rowKey="uuid"
        pagination={false}
        loading={certificates.isPending}
        dataSource={rows}
        columns={[
          {
            title: t('domains.certificates.names'),
            key: 'names',
            render: (_, row) => row.domain_names.join(', '),
          },
          {
            title: t('domains.certificates.status'),
            key: 'status',
            render: (_, row) => (
              <Tag color={statusColor[row.status]}>
                {t(`domains.certificates.status.${row.status}`)}
              </Tag>
            ),
          },
          {
            title: t('domains.certificates.issuer'),
            key: 'issuer',
            render: (_, row) => row.issuer ?? '—',
          },
          {
            title: t('domains.certificates.valid'),
            key: 'valid',
            render: (_, row) => `${day(row.not_before)} – ${day(row.not_after)}`,
          },
          {
            title: t('domains.certificates.lastError'),
            key: 'error',
            render: (_, row) =>
              row.last_error ? (
                <Typography.Text type="danger">{row.last_error}</Typography.Text>
              ) : (
                '—'
              ),
          },
        ]}
      />
    </section>
  );
}
