import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { Deployment } from '@meridian/domain/apps/app-api';
import { normaliseDomainNames } from '@meridian/domain/domains/domain-api';
import { validationMessages } from '@meridian/domain/validation-messages';
import { Alert, Button, Form, Input, Select, Skeleton, Typography } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { t } from '../../../shared/i18n/translate';
import { notify } from '../../../shared/notifications/notify';
import { useRootDomains, useUpdateDomainNames } from '../api/update-domain-names';
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
  onUpdated: () => void;
}

/** The drawer's update_domain action: the deployment's domain names under one of the user's domains. */
export function UpdateDomainPanel({ deployment, onUpdated }: UpdateDomainPanelProps) {
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
      roots={(roots.data ?? []).map((domain) => domain.domain_name)}
      onUpdated={onUpdated}
    />
  );
}

function UpdateDomainForm({
  deployment,
  roots,
  onUpdated,
}: UpdateDomainPanelProps & { roots: string[] }) {
  const [form] = Form.useForm<DomainNamesForm>();
  const update = useUpdateDomainNames();
  const initial = useMemo(
    () => initialDomainNamesForm(deployment.domain_names, roots),
    [deployment.domain_names, roots],
  );
  const root = Form.useWatch('root', form) ?? initial.root;
  const blocked = domainUpdateBlocked(deployment);

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
    update.mutate(
      { deploymentId: deployment.uuid, domainNames: checked.domainNames },
      {
        onSuccess: () => {
          notify.success(t('apps.detail.domains.updated'), checked.domainNames.join(', '));
          onUpdated();
        },
        onError: (error) => notify.error(t('apps.detail.domains.failed'), errorDescription(error)),
      },
    );
  };

  return (
    <Form<DomainNamesForm>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={initial}
      onFinish={submit}
      data-testid="update-domain-form"
    >
      <Typography.Paragraph type="secondary">{t('apps.detail.domains.intro')}</Typography.Paragraph>
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
      <Button
        type="primary"
        htmlType="submit"
        loading={update.isPending}
        disabled={Boolean(blocked)}
      >
        {t('apps.detail.domains.submit')}
      </Button>
    </Form>
  );
}
