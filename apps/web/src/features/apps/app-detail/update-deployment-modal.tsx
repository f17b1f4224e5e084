import type { Deployment } from '@meridian/domain/apps/app-api';
import { appApiMessages } from '@meridian/domain/apps/app-api';
import { limits } from '@meridian/domain/limits';
import { Form, Input, InputNumber, Modal, Typography } from 'antd';
import { t } from '../apps.texts';
import { notify } from '../../../shared/notifications/notify';
import { useUpdateDeployment } from '../api/update-deployment';
import { errorDescription } from './action-errors';
import { deploymentChange, desiredReplicas } from './app-detail.rules';
import type { DeploymentUpdateForm as UpdateForm } from './app-detail.rules';

interface UpdateDeploymentModalProps {
  open: boolean;
  deployment: Deployment;
  onClose: () => void;
}

/** A Kubernetes deployment's update: another image and/or another number of replicas. */
export function UpdateDeploymentModal({ open, deployment, onClose }: UpdateDeploymentModalProps) {
  const [form] = Form.useForm<UpdateForm>();
  const update = useUpdateDeployment();

  const submit = (values: UpdateForm) => {
    const body = deploymentChange(deployment, values);
    if (!body) {
      form.setFields([{ name: 'image_name', errors: [appApiMessages.deploymentUpdateEmpty] }]);
      return;
    }
    void update.mutateAsync({ deploymentId: deployment.uuid, body }).then(
      () => {
        notify.success(t('apps.detail.deployment.updateStarted'));
        onClose();
      },
      (error: unknown) =>
        notify.error(t('apps.detail.deployment.updateFailed'), errorDescription(error)),
    );
  };

  return (
    <Modal
      open={open}
      title={t('apps.detail.deployment.updateTitle', { cluster: deployment.cluster_name })}
      okText={t('apps.detail.deployment.updateOk')}
      cancelText={t('common.cancel')}
      confirmLoading={update.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {t('apps.detail.deployment.updateIntro')}
      </Typography.Paragraph>
      <Form<UpdateForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{
          image_name: deployment.image_name ?? '',
          replicas: desiredReplicas(deployment) ?? null,
        }}
        onFinish={submit}
        preserve={false}
      >
        <Form.Item name="image_name" label={t('apps.detail.deployment.image')}>
          <Input
            placeholder={t('apps.detail.deployment.imagePlaceholder')}
            autoComplete="off"
            maxLength={512}
          />
        </Form.Item>
        <Form.Item name="replicas" label={t('apps.detail.deployment.replicas')}>
          <InputNumber min={limits.replicasMin} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
