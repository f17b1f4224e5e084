import { validationText } from '../../../shared/i18n/translate';
import type { App, Version } from '@meridian/domain/apps/app-api';
import type { VersionDeploymentResult } from '@meridian/domain/apps/rollout';
import { Alert, Button, Form, Select, Typography } from 'antd';
import { useState } from 'react';
import { t } from '../apps.texts';
import { notify } from '../../../shared/notifications/notify';
import { useDeployVersion } from '../api/deploy-version';
import { useSmartClusterChoices } from '../../../shared/api/smart-clusters-list';
import { errorDescription } from './action-errors';
import { deployOptions } from './app-detail.rules';
import { liveSmartClusters } from './live.rules';

interface DeployPanelProps {
  app: App;
  version: Version;
  onDeployed: () => void;
}

/** The smart clusters where the app runs another version than `version`, with that version's name. */
function otherVersions(app: App, version: Pick<Version, 'uuid'>): Map<string, string> {
  const running = new Map<string, string>();
  for (const live of liveSmartClusters(app)) {
    const other = live.versions.find((entry) => entry.version.uuid !== version.uuid);
    if (other) running.set(live.smartClusterId, other.version.name);
  }
  return running;
}

const isRollout = (result: VersionDeploymentResult) => !Array.isArray(result);

interface DeployForm {
  smart_cluster_uuids: string[];
}

/**
 * The drawer's deploy action: the version onto more smart clusters (POST /clusters/versions).
 * Where the app runs another version that is a rollout replacing it, asked for on its own.
 */
export function DeployPanel({ app, version, onDeployed }: DeployPanelProps) {
  const [form] = Form.useForm<DeployForm>();
  // Typing searches all the user's smart clusters on the server; the picker holds a page of them.
  const [search, setSearch] = useState('');
  const smartClusters = useSmartClusterChoices(search);
  const deploy = useDeployVersion();
  const items = smartClusters.data?.items ?? [];
  const total = smartClusters.data?.total ?? 0;
  const running = otherVersions(app, version);
  const options = deployOptions(items, version, running).map(({ replaces, ...option }) => ({
    ...option,
    label: replaces
      ? t('apps.detail.deploy.replaces', { name: option.label, version: replaces })
      : option.disabled
        ? t('apps.detail.deploy.alreadyDeployed', { name: option.label })
        : option.label,
  }));

  const submit = async ({ smart_cluster_uuids }: DeployForm) => {
    // A version change is one rollout per smart cluster: each goes in a request of its own.
    const changes = smart_cluster_uuids.filter((uuid) => running.has(uuid));
    const fresh = smart_cluster_uuids.filter((uuid) => !running.has(uuid));
    const batches = [...changes.map((uuid) => [uuid]), ...(fresh.length > 0 ? [fresh] : [])];
    try {
      const results = [];
      for (const batch of batches) {
        results.push(
          await deploy.mutateAsync({ version_uuid: version.uuid, smart_cluster_uuids: batch }),
        );
      }
      notify.success(
        t(
          results.some(isRollout)
            ? 'apps.detail.deploy.rolloutStarted'
            : 'apps.detail.deploy.started',
          {
            name: version.name,
          },
        ),
      );
      form.resetFields();
      onDeployed();
    } catch (error) {
      notify.error(t('apps.detail.deploy.failed'), errorDescription(error));
    }
  };

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
        rules={[{ required: true, type: 'array', min: 1, message: validationText('cluster') }]}
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
