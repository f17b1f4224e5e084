import { KeyOutlined, LockOutlined } from '@ant-design/icons';
import { externalDatacenterUuid } from '@meridian/domain/clusters/datacenter';
import type { SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import { App, Button, Divider, Space, Typography } from 'antd';
import { useState } from 'react';
import { notify } from '../../../shared/notifications/notify';
import { useRotateClusterCredentials } from '../api/rotate-cluster-credentials';
import { useRotateMonitoringPassword } from '../api/rotate-monitoring-password';
import { canRotateCredentials } from '../cluster-rules';
import { t } from '../clusters.texts';
import {
  MonitoringPasswordDialog,
  type ShownMonitoringPassword,
} from './monitoring-password-dialog';
import { errorDescription } from './use-cluster-actions';

/**
 * The details drawer's Credentials: rotate the kubeconfig credentials Meridian issued, rotate the
 * monitoring password (a new one generated and shown once). An external cluster's credentials
 * are its owner's: nothing to offer.
 */
export function ClusterCredentials({ smartCluster }: { smartCluster: SmartCluster }) {
  const { modal } = App.useApp();
  const rotate = useRotateClusterCredentials();
  const rotatePassword = useRotateMonitoringPassword();
  const [shown, setShown] = useState<ShownMonitoringPassword | null>(null);
  if (smartCluster.datacenters.includes(externalDatacenterUuid)) return null;

  const confirmRotate = () => {
    const decision = canRotateCredentials(smartCluster);
    if (!decision.allowed) {
      if (decision.warning) notify.warning(decision.warning);
      return;
    }
    modal.confirm({
      title: t('clusters.credentials.rotateTitle', { name: smartCluster.name }),
      content: t('clusters.credentials.rotateBody'),
      okText: t('clusters.credentials.rotateOk'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        rotate.mutateAsync(smartCluster.uuid).then(
          () =>
            notify.success(
              t('clusters.credentials.rotated'),
              t('clusters.credentials.rotatedHint'),
            ),
          (error: unknown) =>
            notify.error(t('clusters.credentials.rotateFailed'), errorDescription(error)),
        ),
    });
  };

  const confirmRotatePassword = () =>
    modal.confirm({
      title: t('clusters.credentials.passwordTitle', { name: smartCluster.name }),
      content: t('clusters.credentials.passwordBody'),
      okText: t('clusters.credentials.passwordOk'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        rotatePassword.mutateAsync(smartCluster.uuid).then(
          ({ password }) =>
            setShown({ smartClusterName: smartCluster.name, password, reason: 'rotated' }),
          (error: unknown) =>
            notify.error(t('clusters.credentials.passwordFailed'), errorDescription(error)),
        ),
    });

  return (
    <section aria-label={t('clusters.credentials.title')} data-testid="cluster-credentials">
      <Divider titlePlacement="start">{t('clusters.credentials.title')}</Divider>
      <Typography.Paragraph type="secondary">{t('clusters.credentials.hint')}</Typography.Paragraph>
      <Space wrap>
        <Button danger icon={<KeyOutlined aria-hidden />} onClick={confirmRotate}>
          {t('clusters.credentials.rotate')}
        </Button>
        <Button icon={<LockOutlined aria-hidden />} onClick={confirmRotatePassword}>
          {t('clusters.credentials.password')}
        </Button>
      </Space>
      <MonitoringPasswordDialog shown={shown} onDone={() => setShown(null)} />
    </section>
  );
}
