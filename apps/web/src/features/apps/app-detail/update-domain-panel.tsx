import { validationText } from '../../../shared/i18n/translate';
import type { Deployment } from '@meridian/domain/apps/app-api';
import { Alert, Button, Form, Radio, Select, Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import { t } from '../apps.texts';
import { useRootDomains } from '../api/update-domain-names';
import styles from './domain-actions.module.css';
import { DomainNameInputs } from './domain-name-inputs';
import { useUpdateDomainForm } from './use-update-domain-form';
import type { UpdateDomainValues } from './use-update-domain-form';

interface UpdateDomainPanelProps {
  deployment: Deployment;
  /** The version's deployments on the same smart cluster, this one included. */
  siblings: Deployment[];
  onUpdated: () => void;
}

/** The drawer's update_domain action: the deployment's domain names under one of the user's domains. */
export function UpdateDomainPanel({ deployment, siblings, onUpdated }: UpdateDomainPanelProps) {
  const roots = useRootDomains();
  if (roots.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (roots.isError) {
    return <Alert type="error" showIcon title={t('apps.detail.domains.rootsFailed')} />;
  }
  if ((roots.data ?? []).length === 0) {
    return (
      <Alert
        type="info"
        showIcon
        title={t('apps.detail.domains.noDomains')}
        description={<Link to="/domain">{t('apps.detail.domains.addDomain')}</Link>}
        data-testid="update-domain-no-domains"
      />
    );
  }
  return (
    <UpdateDomainForm
      deployment={deployment}
      siblings={siblings}
      roots={(roots.data ?? []).map((domain) => domain.domain_name)}
      onUpdated={onUpdated}
    />
  );
}

function UpdateDomainForm({
  deployment,
  siblings,
  roots,
  onUpdated,
}: UpdateDomainPanelProps & { roots: string[] }) {
  const { form, initial, root, blocked, versionNamesKnown, pending, submit, onValuesChange } =
    useUpdateDomainForm({ deployment, siblings, roots, onUpdated });

  return (
    <Form<UpdateDomainValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={initial}
      onFinish={submit}
      onValuesChange={onValuesChange}
      data-testid="update-domain-form"
    >
      <Typography.Paragraph type="secondary">{t('apps.detail.domains.intro')}</Typography.Paragraph>
      {siblings.length > 1 ? (
        <Form.Item name="scope" label={t('apps.detail.domains.scope')}>
          <Radio.Group
            data-testid="update-domain-scope"
            options={[
              {
                value: 'deployment',
                label: t('apps.detail.domains.scopeOne', { location: deployment.datacenter_name }),
              },
              {
                value: 'smartCluster',
                // Chosen only once their current names are known, so the form can show them.
                disabled: !versionNamesKnown,
                label: t('apps.detail.domains.scopeAll', {
                  count: siblings.length,
                  smartCluster: deployment.smart_cluster_name,
                }),
              },
            ]}
          />
        </Form.Item>
      ) : null}
      {blocked ? (
        <Alert
          type="warning"
          showIcon
          title={blocked}
          className={styles.panelAlert}
          data-testid="update-domain-blocked"
        />
      ) : null}
      <Form.Item
        name="root"
        label={t('apps.detail.domains.root')}
        rules={[{ required: true, message: validationText('rootDomain') }]}
      >
        <Select
          showSearch
          placeholder={t('apps.detail.domains.rootPlaceholder')}
          options={roots.map((name) => ({ value: name, label: name }))}
        />
      </Form.Item>
      <DomainNameInputs root={root} />
      <Button type="primary" htmlType="submit" loading={pending} disabled={Boolean(blocked)}>
        {t('apps.detail.domains.submit')}
      </Button>
    </Form>
  );
}
