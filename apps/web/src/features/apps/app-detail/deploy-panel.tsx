import type { Version } from '@meridian/domain/apps/app-api';
import { validationMessages } from '@meridian/domain/validation-messages';
import { Alert, Button, Form, Select, Typography } from 'antd';
import { useState } from 'react';
import { t } from '../apps.texts';
import { notify } from '../../../shared/notifications/notify';
import { useDeployVersion } from '../api/deploy-version';
import { useSmartClusterChoices } from '../../../shared/api/smart-clusters-list';
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
  // Typing searches all the user's smart clusters on the server; the picker holds a page of them.
  const [search, setSearch] = useState('');
  const smartClusters = useSmartClusterChoices(search);
  const deploy = useDeployVersion();
  const items = smartClusters.data?.items ?? [];
  const total = smartClusters.data?.total ?? 0;
  const options = deployOptions(items, version).map((option) => ({
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
        extra={
          total > items.length
            ? t('apps.smartClusterPicker.more', { shown: items.length, total })
            : undefined
        }
        rules={[{ required: true, type: 'array', min: 1, message: validationMessages.cluster }]}
      >
        <Select
          mode="multiple"
          allowClear
          showSearch={{ filterOption: false, onSearch: setSearch }}
          // A choice or a closed list empties the search box; the search behind the options too.
          onSelect={() => setSearch('')}
          onOpenChange={(open) => {
            if (!open) setSearch('');
          }}
          loading={smartClusters.isFetching}
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
