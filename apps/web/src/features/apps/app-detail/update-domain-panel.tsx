import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { Deployment } from '@meridian/domain/apps/app-api';
import { normaliseDomainNames } from '@meridian/domain/domains/domain-api';
import { validationMessages } from '@meridian/domain/validation-messages';
import { Alert, Button, Form, Input, Radio, Select, Skeleton, Typography } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { t } from '../apps.texts';
import { notify } from '../../../shared/notifications/notify';
import {
  useRootDomains,
  useUpdateDomainNames,
  useUpdateVersionDomainNames,
  useVersionDomainNames,
} from '../api/update-domain-names';
import { errorDescription } from './action-errors';
import styles from './domain-actions.module.css';
import {
  domainNamesBody,
  domainUpdateBlocked,
  fullDomainName,
  initialDomainNamesForm,
} from './update-domain.rules';
import type { DomainNamesForm } from './update-domain.rules';

interface UpdateDomainPanelProps {
  deployment: Deployment;
  /** The version's deployments on the same smart cluster, this one included. */
  siblings: Deployment[];
  onUpdated: () => void;
}

/** Which deployments a change of names applies to: this one, or the version's on its smart cluster. */
type DomainScope = 'deployment' | 'smartCluster';

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
  const [form] = Form.useForm<DomainNamesForm & { scope: DomainScope }>();
  const initial = useMemo(
    () => ({
      ...initialDomainNamesForm(deployment.domain_names, roots),
      scope: 'deployment' as const,
    }),
    [deployment.domain_names, roots],
  );
  const root = Form.useWatch('root', form) ?? initial.root;
  const scope: DomainScope = Form.useWatch('scope', form) ?? 'deployment';
  const affected = scope === 'smartCluster' ? siblings : [deployment];
  const blocked = affected.map(domainUpdateBlocked).find(Boolean) ?? null;
  const versionNames = useVersionDomainNames(
    deployment.version_uuid,
    deployment.smart_cluster_uuid,
    siblings.length > 1,
  );
  const save = useSaveDomainNames(deployment, scope, onUpdated);

  const submit = (values: DomainNamesForm) => {
    const checked = domainNamesBody({ root: values.root, names: values.names ?? [] });
    if (!checked.ok) {
      if (checked.field === 'root') form.setFields([{ name: 'root', errors: checked.errors }]);
      else notify.error(checked.errors[0]);
      return;
    }
    if (blocked) {
      notify.warning(blocked);
      return;
    }
    save.run(checked.domainNames);
  };

  return (
    <Form<DomainNamesForm & { scope: DomainScope }>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={initial}
      onFinish={submit}
      // Switching scope shows the names of what the change will apply to.
      onValuesChange={(changed: { scope?: DomainScope }) => {
        if (!changed.scope) return;
        const current =
          changed.scope === 'smartCluster'
            ? (versionNames.data ?? deployment.domain_names)
            : deployment.domain_names;
        form.setFieldsValue(initialDomainNamesForm(current, roots));
      }}
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
                disabled: !versionNames.data,
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
        rules={[{ required: true, message: validationMessages.rootDomain }]}
      >
        <Select
          showSearch
          placeholder={t('apps.detail.domains.rootPlaceholder')}
          options={roots.map((name) => ({ value: name, label: name }))}
        />
      </Form.Item>
      <Form.List
        name="names"
        rules={[
          {
            validator: (_rule, names: string[] | undefined) =>
              names && names.length > 0
                ? Promise.resolve()
                : Promise.reject(new Error(validationMessages.smartClusterAppDomains)),
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <>
            {fields.map((field, index) => (
              <Form.Item
                key={field.key}
                label={index === 0 ? t('apps.detail.domains.names') : undefined}
                extra={index === fields.length - 1 ? t('apps.detail.domains.namesHint') : undefined}
                required
              >
                <div className={styles.domainRow}>
                  <Form.Item
                    name={field.name}
                    noStyle
                    validateTrigger={['onChange', 'onBlur']}
                    rules={[
                      {
                        required: true,
                        whitespace: true,
                        message: validationMessages.smartClusterAppDomains,
                      },
                      // Checked as typed, under the chosen root, not only on submit.
                      {
                        validator: (_rule, value: string | undefined) =>
                          !value?.trim() ||
                          normaliseDomainNames([fullDomainName(value, root ?? 'example.ca')]).ok
                            ? Promise.resolve()
                            : Promise.reject(new Error(validationMessages.smartClusterAppDomains)),
                      },
                    ]}
                  >
                    <Input
                      aria-label={t('apps.detail.domains.nameLabel', { index: index + 1 })}
                      placeholder="www"
                      suffix={root ? <span className={styles.suffix}>.{root}</span> : undefined}
                    />
                  </Form.Item>
                  <Button
                    type="text"
                    icon={<MinusCircleOutlined aria-hidden />}
                    aria-label={t('apps.detail.domains.remove', { index: index + 1 })}
                    disabled={fields.length <= 1}
                    onClick={() => remove(field.name)}
                  />
                </div>
              </Form.Item>
            ))}
            <Form.Item>
              <Button
                type="dashed"
                icon={<PlusOutlined aria-hidden />}
                onClick={() => add('')}
                block
              >
                {t('apps.detail.domains.add')}
              </Button>
              <Form.ErrorList errors={errors} />
            </Form.Item>
          </>
        )}
      </Form.List>
      <Button type="primary" htmlType="submit" loading={save.pending} disabled={Boolean(blocked)}>
        {t('apps.detail.domains.submit')}
      </Button>
    </Form>
  );
}

/** Sends the names to this deployment, or to the version's deployments on its smart cluster. */
function useSaveDomainNames(deployment: Deployment, scope: DomainScope, onUpdated: () => void) {
  const one = useUpdateDomainNames();
  const all = useUpdateVersionDomainNames();
  const run = (domainNames: string[]) => {
    const handlers = {
      onSuccess: () => {
        notify.success(t('apps.detail.domains.updated'), domainNames.join(', '));
        onUpdated();
      },
      onError: (error: unknown) =>
        notify.error(t('apps.detail.domains.failed'), errorDescription(error)),
    };
    if (scope === 'smartCluster') {
      all.mutate(
        {
          versionId: deployment.version_uuid,
          smartClusterId: deployment.smart_cluster_uuid,
          smartClusterName: deployment.smart_cluster_name,
          domainNames,
        },
        handlers,
      );
    } else {
      one.mutate({ deploymentId: deployment.uuid, domainNames }, handlers);
    }
  };
  return { run, pending: one.isPending || all.isPending };
}
