import type { Version } from '@meridian/domain/apps/app-api';
import { validationMessages } from '@meridian/domain/validation-messages';
import { Alert, Button, Form, Select, Typography } from 'antd';
import { t } from '../../../shared/i18n/translate';
import { notify } from '../../../shared/notifications/notify';
import { useDeployVersion } from '../api/deploy-version';
import { useSmartClusters } from '../../../shared/api/smart-clusters-list';
import { errorDescription } from './action-errors';
import { deployOptions } from './app-detail.rules';

interface DeployPanelProps {
  version: Version;
  onDeployed: () => void;
}

interface DeployForm {
  smart_cluster_uuids: string[];
}

/** The drawer's deploy action: the version onto more smart clusters (POST /clusters/versions). */
export function DeployPanel({ version, onDeployed }: DeployPanelProps) {
  const [form] = Form.useForm<DeployForm>();
  const smartClusters = useSmartClusters();
  const deploy = useDeployVersion();
  const options = deployOptions(smartClusters.data ?? [], version).map((option) => ({
    ...option,
    label: option.disabled
      ? t('apps.detail.deploy.alreadyDeployed', { name: option.label })
      : option.label,
  }));

  const submit = ({ smart_cluster_uuids }: DeployForm) =>
    deploy.mutateAsync({ version_uuid: version.uuid, smart_cluster_uuids }).then(
      () => {
        notify.success(t('apps.detail.deploy.started', { name: version.name }));
        form.resetFields();
        onDeployed();
      },
      (error: unknown) => notify.error(t('apps.detail.deploy.failed'), errorDescription(error)),
    );

  return (
    <Form<DeployForm>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => void submit(values)}
      data-testid="deploy-form"
    >
      <Typography.Paragraph type="secondary">
        {t('apps.detail.deploy.intro', { name: version.name })}
      </Typography.Paragraph>
      {smartClusters.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('apps.detail.deploy.clustersFailed')}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form.Item
        name="smart_cluster_uuids"
        label={t('apps.detail.deploy.clusters')}
        rules={[{ required: true, type: 'array', min: 1, message: validationMessages.cluster }]}
      >
        <Select
          mode="multiple"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={smartClusters.isPending}
          options={options}
          placeholder={t('apps.detail.deploy.placeholder')}
          notFoundContent={t('apps.detail.deploy.noClusters')}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={deploy.isPending}>
        {t('apps.detail.deploy.submit')}
      </Button>
    </Form>
  );
}
