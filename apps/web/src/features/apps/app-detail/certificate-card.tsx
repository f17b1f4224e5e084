import type { Certificate, CertificateStatus } from '@meridian/domain/domains/certificate-api';
import { Tag, Typography } from 'antd';
import { t } from '../apps.texts';
import { useCertificate } from '../api/get-certificate';
import styles from './app-detail.module.css';
import { InfoCard } from './info-card';

const statusColor: Record<CertificateStatus, string> = {
  valid: 'success',
  renewing: 'processing',
  expiring: 'warning',
  expired: 'error',
  failed: 'error',
};

/** The deployment's certificate: who issued it, its dates, where its lifecycle stands, why it failed. */
export function CertificateCard({ deploymentId }: { deploymentId: string }) {
  const certificate = useCertificate(deploymentId, true);
  return (
    <InfoCard title={t('apps.detail.card.certificate')} testId="card-certificate">
      {certificate.data ? (
        <CertificateFacts certificate={certificate.data} />
      ) : (
        <span className={styles.muted}>{t('apps.detail.none')}</span>
      )}
    </InfoCard>
  );
}

function day(iso: string | null): string {
  return iso ? iso.slice(0, 10) : '—';
}

function CertificateFacts({ certificate }: { certificate: Certificate }) {
  return (
    <div>
      <Tag color={statusColor[certificate.status]} data-testid="certificate-status">
        {t(`apps.detail.certificate.status.${certificate.status}`)}
      </Tag>
      <div className={styles.muted} data-testid="certificate-issuer">
        {t('apps.detail.certificate.issuer', { issuer: certificate.issuer ?? '—' })}
      </div>
      <div className={styles.muted} data-testid="certificate-dates">
        {t('apps.detail.certificate.dates', {
          from: day(certificate.not_before),
          to: day(certificate.not_after),
        })}
      </div>
      {certificate.last_error ? (
        <Typography.Text type="danger" data-testid="certificate-error">
          {certificate.last_error}
        </Typography.Text>
      ) : null}
    </div>
  );
}
