import type { App } from '@meridian/domain/apps/app-api';
import {
  gitProviders,
  type GitSource,
  type GitSourceCreate,
} from '@meridian/domain/apps/git-source';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Form, Input, Popconfirm, Select, Typography } from 'antd';
import { useState } from 'react';
import { allDomainsQueryOptions } from '../../../../shared/api/domains-list';
import { smartClustersQueryOptions } from '../../../../shared/api/smart-clusters-list';
import { RoleGate } from '../../../../shared/components/role-gate';
import { t } from '../../apps.texts';
import { useDeleteGitSource, useGitSource, useSaveGitSource } from '../../api/git-source';
import { errorDescription } from '../action-errors';
import styles from '../rollouts/rollouts.module.css';
import panelStyles from './git-source-card.module.css';

interface GitFormValues {
  provider: (typeof gitProviders)[number];
  repository: string;
  branch: string;
  image: string;
  smart_cluster_uuids: string[];
  /** Where previews deploy and the domain they are named under; none: no previews. */
  preview_cluster?: string | null;
  preview_domain?: string | null;
}

/** The form's two preview pickers as the API's `previews` (null turns previews off). */
function previewsOf(values: GitFormValues): GitSourceCreate['previews'] {
  if (!values.preview_cluster) return null;
  return {
    smart_cluster_uuid: values.preview_cluster,
    ...(values.preview_domain ? { domain_uuid: values.preview_domain } : {}),
  };
}

const providerLabels = { github: 'GitHub', gitlab: 'GitLab' } as const;

/** The connect / edit form: the provider and repository are fixed once connected. */
function GitSourceForm({
  app,
  source,
  onDone,
}: {
  app: App;
  source: GitSource | null;
  onDone: (secret?: string) => void;
}) {
  const save = useSaveGitSource(app.uuid);
  const clusters = useQuery(smartClustersQueryOptions());
  const running = [...new Set(app.deployments.map((deployment) => deployment.smart_cluster_uuid))];
  const initial: GitFormValues = source
    ? {
        ...source,
        preview_cluster: source.previews?.smart_cluster_uuid ?? null,
        preview_domain: source.previews?.domain_uuid ?? null,
      }
    : {
        provider: 'github',
        repository: '',
        branch: 'main',
        image: '',
        smart_cluster_uuids: running,
      };
  const submit = (values: GitFormValues) => {
    const { preview_cluster: _cluster, preview_domain: _domain, ...fields } = values;
    save.mutate(
      { ...fields, previews: previewsOf(values), existing: source !== null },
      {
        onSuccess: (saved) =>
          onDone('secret' in saved && typeof saved.secret === 'string' ? saved.secret : undefined),
      },
    );
  };
  return (
    <Form<GitFormValues>
      // Its own name prefixes the field ids, which the deploy panel's form also uses.
      name="git-source"
      layout="vertical"
      initialValues={initial}
      onFinish={submit}
    >
      <Form.Item name="provider" label={t('apps.git.provider')}>
        <Select
          disabled={source !== null}
          options={gitProviders.map((value) => ({ value, label: providerLabels[value] }))}
        />
      </Form.Item>
      <Form.Item name="repository" label={t('apps.git.repository')} rules={[{ required: true }]}>
        <Input disabled={source !== null} placeholder="acme/shop" />
      </Form.Item>
      <Form.Item name="branch" label={t('apps.git.branch')} rules={[{ required: true }]}>
        <Input placeholder="main" />
      </Form.Item>
      <Form.Item
        name="image"
        label={t('apps.git.image')}
        extra={t('apps.git.imageHelp')}
        rules={[{ required: true }]}
      >
        <Input placeholder="ghcr.io/acme/shop:{sha}" />
      </Form.Item>
      <Form.Item name="smart_cluster_uuids" label={t('apps.git.smartClusters')}>
        <Select
          mode="multiple"
          loading={clusters.isPending}
          options={(clusters.data ?? []).map((cluster) => ({
            value: cluster.uuid,
            label: cluster.name,
          }))}
        />
      </Form.Item>
      <PreviewFields />
      {save.isError && (
        <Alert
          type="error"
          showIcon
          title={t('apps.git.saveFailed')}
          description={errorDescription(save.error)}
        />
      )}
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {source ? t('apps.git.save') : t('apps.git.connect')}
      </Button>
      {source && (
        <Button type="link" onClick={() => onDone()}>
          {t('apps.git.cancel')}
        </Button>
      )}
    </Form>
  );
}

/** Previews: the smart cluster requests deploy to, and the domain they are named under. */
function PreviewFields() {
  const clusters = useQuery(smartClustersQueryOptions());
  const domains = useQuery(allDomainsQueryOptions());
  return (
    <>
      <Form.Item
        name="preview_cluster"
        label={t('apps.git.previewCluster')}
        extra={t('apps.git.previewClusterHelp')}
      >
        <Select
          allowClear
          loading={clusters.isPending}
          options={(clusters.data ?? []).map((cluster) => ({
            value: cluster.uuid,
            label: cluster.name,
          }))}
        />
      </Form.Item>
      <Form.Item
        name="preview_domain"
        label={t('apps.git.previewDomain')}
        extra={t('apps.git.previewDomainHelp')}
      >
        <Select
          allowClear
          loading={domains.isPending}
          options={(domains.data ?? []).map((domain) => ({
            value: domain.uuid,
            label: domain.domain_name,
          }))}
        />
      </Form.Item>
    </>
  );
}

function GitSourceDetails({ source }: { source: GitSource }) {
  const clusters = useQuery(smartClustersQueryOptions());
  const previewCluster = clusters.data?.find(
    (cluster) => cluster.uuid === source.previews?.smart_cluster_uuid,
  );
  return (
    <Descriptions column={1} size="small" bordered>
      <Descriptions.Item label={t('apps.git.provider')}>
        {providerLabels[source.provider]}
      </Descriptions.Item>
      <Descriptions.Item label={t('apps.git.repository')}>{source.repository}</Descriptions.Item>
      <Descriptions.Item label={t('apps.git.branch')}>{source.branch}</Descriptions.Item>
      <Descriptions.Item label={t('apps.git.image')}>{source.image}</Descriptions.Item>
      <Descriptions.Item label={t('apps.git.previews')}>
        {source.previews
          ? (previewCluster?.name ?? source.previews.smart_cluster_uuid)
          : t('apps.git.previewsOff')}
      </Descriptions.Item>
      <Descriptions.Item label={t('apps.git.webhookUrl')}>
        <Typography.Text copyable code data-testid="git-webhook-url">
          {source.webhook_url}
        </Typography.Text>
      </Descriptions.Item>
    </Descriptions>
  );
}

/** Issue 39: the app's git source: connect a repository, see its webhook, change or remove it. */
export function GitSourceCard({ app }: { app: App }) {
  const query = useGitSource(app.uuid);
  const remove = useDeleteGitSource(app.uuid);
  const [editing, setEditing] = useState(false);
  const [secret, setSecret] = useState<string>();
  const source = query.data ?? null;
  const done = (newSecret?: string) => {
    setEditing(false);
    if (newSecret) setSecret(newSecret);
  };
  let body;
  if (query.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('apps.git.fetchFailed')}
        description={errorDescription(query.error)}
      />
    );
  } else if (query.isPending) {
    body = null;
  } else if (!source || editing) {
    body = <GitSourceForm app={app} source={source} onDone={done} />;
  } else {
    body = (
      <>
        {secret && (
          <Alert
            type="warning"
            showIcon
            title={t('apps.git.secretTitle')}
            description={
              <>
                <Typography.Text copyable code data-testid="git-secret">
                  {secret}
                </Typography.Text>
                <div>{t('apps.git.secretHelp')}</div>
              </>
            }
          />
        )}
        <GitSourceDetails source={source} />
        <RoleGate needs="developer">
          {(disabled) => (
            <div>
              <Button disabled={disabled} onClick={() => setEditing(true)}>
                {t('apps.git.edit')}
              </Button>
              <Popconfirm
                title={t('apps.git.disconnectConfirm', { repository: source.repository })}
                okText={t('apps.git.disconnect')}
                okButtonProps={{ danger: true }}
                cancelText={t('apps.git.cancel')}
                disabled={disabled}
                onConfirm={() =>
                  remove.mutate(undefined, { onSuccess: () => setSecret(undefined) })
                }
              >
                <Button danger type="link" disabled={disabled} loading={remove.isPending}>
                  {t('apps.git.disconnect')}
                </Button>
              </Popconfirm>
            </div>
          )}
        </RoleGate>
      </>
    );
  }
  return (
    <section className={styles.section} aria-labelledby="app-git-title">
      <h2 id="app-git-title" className={styles.title}>
        {t('apps.git.title')}
      </h2>
      {!source && (
        <Typography.Paragraph type="secondary">{t('apps.git.intro')}</Typography.Paragraph>
      )}
      {body && <div className={panelStyles.panel}>{body}</div>}
    </section>
  );
}
