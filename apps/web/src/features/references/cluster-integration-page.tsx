import { CopyOutlined, KeyOutlined } from '@ant-design/icons';
import { displayStatus } from '@meridian/domain/status';
import { Alert, Button, Card, Form, Select, Skeleton, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useSelector } from 'react-redux';
import { Link, useNavigate } from 'react-router';
import { apiBaseUrl } from '../../shared/api/api-client';
import { PageHeader } from '../../shared/components/page-header';
import { selectUserId } from '../../shared/session/select-user-id';
import { t } from './references.texts';
import { notify } from '../../shared/notifications/notify';
import { useRolloutApps, type RolloutApp } from './api/get-rollout-apps';
import {
  useRolloutSmartClusters,
  type RolloutSmartCluster,
} from './api/get-rollout-smart-clusters';
import styles from './cluster-integration-page.module.css';
import {
  apiKeyVariable,
  appRolloutCommand,
  clustersRunning,
  defaultSmartClusterUuid,
  placeholders,
  smartClusterRolloutCommand,
} from './rollout-examples';

// The examples call the control plane; it is the console's own origin unless built with
// VITE_API_BASE_URL, as in the console's own calls.
function controlPlaneOrigin(): string {
  return apiBaseUrl || window.location.origin;
}

async function copyText(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    notify.success(t('references.clusterIntegration.copied'));
  } catch {
    notify.warning(t('references.clusterIntegration.copyFailed'));
  }
}

function CommandBlock({
  command,
  testId,
  label,
}: {
  command: string;
  testId: string;
  label: string;
}) {
  return (
    <div className={styles.command}>
      <pre className={styles.code} data-testid={testId} aria-label={label}>
        <code>{command}</code>
      </pre>
      <Button
        className={styles.copy}
        size="small"
        icon={<CopyOutlined aria-hidden />}
        aria-label={t('references.clusterIntegration.copyCommand', { example: label })}
        onClick={() => void copyText(command)}
      >
        {t('references.clusterIntegration.copy')}
      </Button>
    </div>
  );
}

interface UuidRow {
  key: string;
  kind: string;
  name: string;
  uuid: string;
  status?: string;
}

/** /references/cluster-integration: how a CI/CD pipeline rolls out a new image with an API key. */
export function ClusterIntegrationPage() {
  const userId = useSelector(selectUserId);
  const navigate = useNavigate();
  const appsQuery = useRolloutApps();
  const clustersQuery = useRolloutSmartClusters();
  const [pickedApp, setPickedApp] = useState<string>();
  const [pickedCluster, setPickedCluster] = useState<string>();

  const apps = appsQuery.data ?? [];
  const smartClusters = clustersQuery.data ?? [];
  const loading = appsQuery.isPending || clustersQuery.isPending;
  const failed = appsQuery.isError || clustersQuery.isError;

  // Derived rather than stored, so a refreshed list never leaves a stale choice selected.
  const app: RolloutApp | undefined = apps.find((item) => item.uuid === pickedApp) ?? apps[0];
  const running = clustersRunning(app, smartClusters);
  const cluster: RolloutSmartCluster | undefined =
    smartClusters.find((item) => item.uuid === pickedCluster) ??
    smartClusters.find((item) => item.uuid === defaultSmartClusterUuid(app, smartClusters));
  const notRunning = app && cluster && !running.some((item) => item.uuid === cluster.uuid);

  const target = {
    origin: controlPlaneOrigin(),
    userId: userId ?? placeholders.userId,
    appUuid: app?.uuid ?? placeholders.appUuid,
    smartClusterUuid: cluster?.uuid ?? placeholders.smartClusterUuid,
  };

  const others = smartClusters.filter((item) => !running.includes(item));
  const clusterOptions = [
    {
      label: t('references.clusterIntegration.runningGroup', { app: app?.name ?? '' }),
      options: running.map((item) => ({ value: item.uuid, label: item.name })),
    },
    {
      label: t('references.clusterIntegration.otherGroup'),
      options: others.map((item) => ({ value: item.uuid, label: item.name })),
    },
  ].filter((group) => group.options.length > 0);

  const uuidRows: UuidRow[] = [
    ...apps.map((item) => ({
      key: `app-${item.uuid}`,
      kind: t('references.clusterIntegration.kind.app'),
      name: item.name,
      uuid: item.uuid,
    })),
    ...smartClusters.map((item) => ({
      key: `smart-cluster-${item.uuid}`,
      kind: t('references.clusterIntegration.kind.smartCluster'),
      name: item.name,
      uuid: item.uuid,
      status: item.status,
    })),
  ];

  const uuidColumns: ColumnsType<UuidRow> = [
    { title: t('references.clusterIntegration.column.kind'), dataIndex: 'kind', key: 'kind' },
    {
      title: t('references.clusterIntegration.column.name'),
      dataIndex: 'name',
      key: 'name',
      render: (name: string, row) => (
        <span className={styles.name}>
          {name}
          {row.status ? (
            <Tag color={displayStatus(row.status).color} variant="filled">
              {displayStatus(row.status).label}
            </Tag>
          ) : null}
        </span>
      ),
    },
    {
      title: t('references.clusterIntegration.column.uuid'),
      dataIndex: 'uuid',
      key: 'uuid',
      render: (uuid: string) => (
        <Typography.Text code copyable={{ text: uuid }}>
          {uuid}
        </Typography.Text>
      ),
    },
  ];

  const appLabel = t('references.clusterIntegration.appRollout.title');
  const clusterLabel = t('references.clusterIntegration.clusterRollout.title');

  return (
    <>
      <PageHeader
        title={t('references.clusterIntegration.title')}
        description={t('references.clusterIntegration.intro')}
        actions={
          <Button
            type="primary"
            icon={<KeyOutlined aria-hidden />}
            onClick={() => void navigate('/api-key')}
          >
            {t('references.clusterIntegration.createKey')}
          </Button>
        }
      />

      <div className={styles.sections}>
        <Card variant="borderless" className={styles.card}>
          <Typography.Title level={2} className={styles.heading}>
            {t('references.clusterIntegration.steps.title')}
          </Typography.Title>
          <ol className={styles.steps}>
            <li>
              <Link to="/api-key">{t('references.clusterIntegration.steps.keyLink')}</Link>{' '}
              {t('references.clusterIntegration.steps.key', { variable: apiKeyVariable })}
            </li>
            <li>{t('references.clusterIntegration.steps.call')}</li>
            <li>
              {t('references.clusterIntegration.steps.answer')}{' '}
              <Link to="/notifications">
                {t('references.clusterIntegration.steps.notifications')}
              </Link>
              .
            </li>
          </ol>
        </Card>

        <Card variant="borderless" className={styles.card}>
          <Typography.Title level={2} className={styles.heading}>
            {t('references.clusterIntegration.examples.title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            {t('references.clusterIntegration.examples.intro')}
          </Typography.Paragraph>

          {loading ? (
            <Skeleton active paragraph={{ rows: 6 }} />
          ) : (
            <>
              {failed ? (
                <Alert
                  type="error"
                  showIcon
                  className={styles.alert}
                  title={t('references.clusterIntegration.fetchFailed')}
                />
              ) : null}
              {!failed && apps.length === 0 ? (
                <Alert
                  type="info"
                  showIcon
                  className={styles.alert}
                  title={t('references.clusterIntegration.noApps')}
                />
              ) : null}
              {!failed && smartClusters.length === 0 ? (
                <Alert
                  type="info"
                  showIcon
                  className={styles.alert}
                  title={t('references.clusterIntegration.noSmartClusters')}
                  action={
                    <Link to="/clusters">{t('references.clusterIntegration.clustersLink')}</Link>
                  }
                />
              ) : null}

              <Form layout="vertical" className={styles.pickers}>
                <Form.Item
                  label={t('references.clusterIntegration.appSelect')}
                  htmlFor="rollout-app"
                  className={styles.picker}
                >
                  <Select
                    id="rollout-app"
                    value={app?.uuid}
                    disabled={apps.length === 0}
                    placeholder={placeholders.appUuid}
                    options={apps.map((item) => ({ value: item.uuid, label: item.name }))}
                    onChange={(value: string) => {
                      setPickedApp(value);
                      // A new app starts from the first smart cluster it runs on.
                      setPickedCluster(undefined);
                    }}
                  />
                </Form.Item>
                <Form.Item
                  label={t('references.clusterIntegration.clusterSelect')}
                  htmlFor="rollout-smart-cluster"
                  className={styles.picker}
                >
                  <Select
                    id="rollout-smart-cluster"
                    value={cluster?.uuid}
                    disabled={smartClusters.length === 0}
                    placeholder={placeholders.smartClusterUuid}
                    options={clusterOptions}
                    onChange={(value: string) => setPickedCluster(value)}
                  />
                </Form.Item>
              </Form>
              {notRunning ? (
                <Alert
                  type="warning"
                  showIcon
                  className={styles.alert}
                  title={t('references.clusterIntegration.notDeployed', {
                    app: app.name,
                    smartCluster: cluster.name,
                  })}
                />
              ) : null}

              <Typography.Title level={3} className={styles.subheading}>
                {appLabel}
              </Typography.Title>
              <Typography.Paragraph type="secondary">
                {t('references.clusterIntegration.appRollout.body')}
              </Typography.Paragraph>
              <CommandBlock
                command={appRolloutCommand(target)}
                testId="rollout-command-app"
                label={appLabel}
              />

              <Typography.Title level={3} className={styles.subheading}>
                {clusterLabel}
              </Typography.Title>
              <Typography.Paragraph type="secondary">
                {t('references.clusterIntegration.clusterRollout.body')}
              </Typography.Paragraph>
              <CommandBlock
                command={smartClusterRolloutCommand(target)}
                testId="rollout-command-smart-cluster"
                label={clusterLabel}
              />

              <Typography.Paragraph type="secondary" className={styles.note}>
                {t('references.clusterIntegration.headers', {
                  variable: apiKeyVariable,
                  userId: target.userId,
                })}
              </Typography.Paragraph>
              <Typography.Paragraph type="secondary" className={styles.note}>
                {t('references.clusterIntegration.answer')}
              </Typography.Paragraph>
            </>
          )}
        </Card>

        <Card variant="borderless" className={styles.card}>
          <Typography.Title level={2} className={styles.heading}>
            {t('references.clusterIntegration.uuids.title')}
          </Typography.Title>
          <ul className={styles.steps}>
            <li>{t('references.clusterIntegration.uuids.app')}</li>
            <li>
              {t('references.clusterIntegration.uuids.smartCluster')}{' '}
              <Link to="/clusters">{t('references.clusterIntegration.clustersLink')}</Link>.
            </li>
          </ul>
          <Table<UuidRow>
            size="small"
            rowKey="key"
            columns={uuidColumns}
            dataSource={uuidRows}
            loading={loading}
            pagination={false}
            aria-label={t('references.clusterIntegration.uuids.title')}
            locale={{ emptyText: t('references.clusterIntegration.uuids.empty') }}
          />
        </Card>
      </div>
    </>
  );
}
