import { DownloadOutlined, LockOutlined } from '@ant-design/icons';
import type { Deployment } from '@meridian/domain/apps/app-api';
import { Alert, App as AntdApp, Button, Typography } from 'antd';
import { useState } from 'react';
import { t } from '../apps.texts';
import { downloadTextFile } from '../../../shared/lib/download-file';
import { notify } from '../../../shared/notifications/notify';
import { certificateFileName, getCertificatePem } from '../api/download-certificate';
import { useEnableHttps } from '../api/enable-https';
import { useCertificate } from '../api/get-certificate';
import { useCertificateAuthority } from '../api/get-certificate-authority';
import { errorDescription } from './action-errors';
import styles from './domain-actions.module.css';
import { httpsBlocked } from './update-domain.rules';

/** https_enable: a certificate for the deployment's domain names, after a confirmation. */
export function EnableHttpsPanel({ deployment }: { deployment: Deployment }) {
  const { modal } = AntdApp.useApp();
  const enable = useEnableHttps();
  const blocked = httpsBlocked(deployment);
  const names = deployment.domain_names.join(', ');
  // Only the local authority needs the warning; an ACME CA is publicly trusted.
  const acme = useCertificateAuthority().data?.kind === 'acme';
  const caNote = t(acme ? 'apps.detail.https.acme' : 'apps.detail.https.localCa');

  const confirm = () =>
    modal.confirm({
      title: t('apps.detail.https.confirmTitle'),
      content: `${t('apps.detail.https.confirmBody', { names })} ${caNote}`,
      okText: t('apps.detail.https.confirmOk'),
      cancelText: t('common.cancel'),
      onOk: () =>
        enable.mutateAsync(deployment.uuid).then(
          () => notify.success(t('apps.detail.https.enabled'), names),
          (error: unknown) => notify.error(t('apps.detail.https.failed'), errorDescription(error)),
        ),
    });

  return (
    <div data-testid="https-panel">
      <Typography.Paragraph type="secondary">{t('apps.detail.https.intro')}</Typography.Paragraph>
      {/* Who signs, and for the local CA what that means for browsers (docs/certificates.md). */}
      <Alert
        type={acme ? 'info' : 'warning'}
        showIcon
        title={caNote}
        className={styles.panelAlert}
        data-testid={acme ? 'https-acme' : 'https-local-ca'}
      />
      {blocked ? (
        <Alert type="info" showIcon title={blocked} className={styles.panelAlert} />
      ) : (
        <Typography.Paragraph>
          {t('apps.detail.https.names')} <strong>{names}</strong>
        </Typography.Paragraph>
      )}
      <Button
        type="primary"
        icon={<LockOutlined aria-hidden />}
        disabled={Boolean(blocked)}
        loading={enable.isPending}
        onClick={confirm}
      >
        {t('apps.detail.https.enable')}
      </Button>
    </div>
  );
}

/** download_certificate: the PEM chain saved as `<first domain name>.pem`. */
export function DownloadCertificatePanel({ deployment }: { deployment: Deployment }) {
  const [loading, setLoading] = useState(false);
  const fileName = certificateFileName(deployment);
  // The trust advice is for the local authority's chains only.
  const issuer = useCertificate(deployment.uuid, true).data?.issuer;
  const local = !issuer || issuer.includes('Meridian Local Certificate Authority');

  const download = () => {
    setLoading(true);
    getCertificatePem(deployment.uuid)
      .then(
        (pem) => {
          downloadTextFile(fileName, pem, 'application/x-pem-file');
          notify.success(t('apps.detail.https.downloaded', { file: fileName }));
        },
        (error: unknown) =>
          notify.error(t('apps.detail.https.downloadFailed'), errorDescription(error)),
      )
      .finally(() => setLoading(false));
  };

  return (
    <div data-testid="certificate-panel">
      <Typography.Paragraph type="secondary">
        {t('apps.detail.https.downloadIntro', { names: deployment.domain_names.join(', ') })}
      </Typography.Paragraph>
      {local ? (
        <Typography.Paragraph type="secondary">
          {t('apps.detail.https.localCaTrust')}
        </Typography.Paragraph>
      ) : null}
      <Button
        type="primary"
        icon={<DownloadOutlined aria-hidden />}
        loading={loading}
        onClick={download}
      >
        {t('apps.detail.https.download', { file: fileName })}
      </Button>
    </div>
  );
}
