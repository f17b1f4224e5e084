import { monitoringUsername } from '@meridian/domain/clusters/cluster-credentials';
import { Typography } from 'antd';
import { SecretDialog } from '../../../shared/components/secret-dialog';
import { t } from '../clusters.texts';

/** A monitoring password just set, for whom it is shown, and why this once. */
export interface ShownMonitoringPassword {
  smartClusterName: string;
  password: string;
  /** Made with a new smart cluster, or rotated. */
  reason: 'created' | 'rotated';
}

/**
 * The monitoring password, shown once with a copy button (as an API key is): the owner never
 * needs it, the Monitoring button signs them in; it is for others and for wall screens.
 */
export function MonitoringPasswordDialog({
  shown,
  onDone,
}: {
  shown: ShownMonitoringPassword | null;
  onDone: () => void;
}) {
  const title = shown
    ? t(
        shown.reason === 'created'
          ? 'clusters.monitoringPassword.createdTitle'
          : 'clusters.monitoringPassword.rotatedTitle',
        { name: shown.smartClusterName },
      )
    : null;
  return (
    <SecretDialog
      value={shown?.password ?? null}
      title={title}
      texts={{
        notice: t('clusters.monitoringPassword.notice'),
        label: t('clusters.monitoringPassword.label'),
        copy: t('clusters.monitoringPassword.copy'),
        copied: t('clusters.monitoringPassword.copied'),
        copyFailed: t('clusters.monitoringPassword.copyFailed'),
        done: t('clusters.monitoringPassword.done'),
      }}
      onDone={onDone}
      testId="monitoring-password"
    >
      <Typography.Paragraph>
        {t('clusters.monitoringPassword.username')}{' '}
        <Typography.Text code copyable>
          {monitoringUsername}
        </Typography.Text>
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        {t('clusters.monitoringPassword.usage')}
      </Typography.Paragraph>
    </SecretDialog>
  );
}
