import { KeyOutlined, LockOutlined } from '@ant-design/icons';
import {
  monitoringPasswordChangeSchema,
  type MonitoringPasswordChange,
} from '@meridian/domain/clusters/cluster-credentials';
import { externalDatacenterUuid } from '@meridian/domain/clusters/datacenter';
import type { SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import { App, Button, Divider, Form, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { notify } from '../../../shared/notifications/notify';
import { useChangeMonitoringPassword } from '../api/change-monitoring-password';
import { useRotateClusterCredentials } from '../api/rotate-cluster-credentials';
import { canRotateCredentials, generateMonitoringPassword } from '../cluster-rules';
import { t } from '../clusters.texts';
import { zodRule } from '../form-rules';
import { errorDescription } from './use-cluster-actions';

/**
 * The details drawer's Credentials: rotate the kubeconfig credentials Meridian issued, change the
 * monitoring password. An external cluster's credentials are its owner's: nothing to offer.
 */
export function ClusterCredentials({ smartCluster }: { smartCluster: SmartCluster }) {
  const { modal } = App.useApp();
  const rotate = useRotateClusterCredentials();
  const [changingPassword, setChangingPassword] = useState(false);
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

  return (
    <section aria-label={t('clusters.credentials.title')} data-testid="cluster-credentials">
      <Divider titlePlacement="start">{t('clusters.credentials.title')}</Divider>
      <Typography.Paragraph type="secondary">{t('clusters.credentials.hint')}</Typography.Paragraph>
      <Space wrap>
        <Button danger icon={<KeyOutlined aria-hidden />} onClick={confirmRotate}>
          {t('clusters.credentials.rotate')}
        </Button>
        <Button icon={<LockOutlined aria-hidden />} onClick={() => setChangingPassword(true)}>
          {t('clusters.credentials.password')}
        </Button>
      </Space>
      <MonitoringPasswordDialog
        smartCluster={smartCluster}
        open={changingPassword}
        onClose={() => setChangingPassword(false)}
      />
    </section>
  );
}

interface MonitoringPasswordDialogProps {
  smartCluster: SmartCluster;
  open: boolean;
  onClose: () => void;
}

/** The new password, checked by the domain's rule (at least 12 characters) before it is sent. */
function MonitoringPasswordDialog({ smartCluster, open, onClose }: MonitoringPasswordDialogProps) {
  const [form] = Form.useForm<MonitoringPasswordChange>();
  const change = useChangeMonitoringPassword(smartCluster.uuid);

  const submit = (values: MonitoringPasswordChange) =>
    change.mutateAsync(values).then(
      () => {
        notify.success(t('clusters.credentials.passwordChanged'));
        onClose();
      },
      (error: unknown) =>
        notify.error(t('clusters.credentials.passwordFailed'), errorDescription(error)),
    );

  return (
    <Modal
      open={open}
      title={t('clusters.credentials.passwordTitle', { name: smartCluster.name })}
      okText={t('clusters.credentials.passwordOk')}
      cancelText={t('common.cancel')}
      okButtonProps={{ htmlType: 'submit', loading: change.isPending }}
      onCancel={onClose}
      destroyOnHidden
      modalRender={(dialog) => (
        <Form<MonitoringPasswordChange>
          form={form}
          name="monitoring-password"
          layout="vertical"
          requiredMark={false}
          clearOnDestroy
          onFinish={(values) => void submit(values)}
        >
          {dialog}
        </Form>
      )}
    >
      <Form.Item
        label={t('clusters.credentials.passwordLabel')}
        name="password"
        extra={t('clusters.credentials.passwordHint')}
        rules={[zodRule(monitoringPasswordChangeSchema.shape.password)]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button
        type="link"
        size="small"
        onClick={() => form.setFieldsValue({ password: generateMonitoringPassword() })}
      >
        {t('clusters.credentials.generate')}
      </Button>
    </Modal>
  );
}
