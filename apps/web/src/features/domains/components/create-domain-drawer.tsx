import { validationText } from '../../../shared/i18n/translate';
import { domainCreateSchema, domainNamePattern } from '@meridian/domain/domains/domain-api';
import type { DomainCreateInput } from '@meridian/domain/domains/domain-api';
import type { DomainVerification } from '@meridian/domain/domains/zone-api';
import { Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { ClaimDomainPanel } from './claim-domain-panel';
import { SideDrawer } from '../../../shared/components/side-drawer';
import { t } from '../domains.texts';
import { notify } from '../../../shared/notifications/notify';
import { operationNoticeKey } from '../../../shared/realtime/event-effects';
import { useCreateDomain } from '../api/create-domain';
import { useNameservers } from '../api/get-nameservers';
import { serverMessage } from '../domain-errors';
import styles from './domains.module.css';
import { NameserverList } from './nameserver-list';
import { DrawerActions } from '../../../shared/components/drawer-actions';

interface CreateDomainForm {
  domain_name: string;
  email?: string;
}

/** The Create menu's Domain drawer (600 wide): domain name, optional email, the name servers. */
export function CreateDomainDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <SideDrawer title={t('create.domain.title')} open={open} onClose={onClose}>
      {open ? <CreateDomainBody onClose={onClose} /> : null}
    </SideDrawer>
  );
}

function CreateDomainBody({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<CreateDomainForm>();
  const nameservers = useNameservers();
  const create = useCreateDomain();
  const [claim, setClaim] = useState<{ name: string; verification: DomainVerification } | null>(
    null,
  );

  const submit = (values: CreateDomainForm) => {
    const parsed = domainCreateSchema.safeParse(values);
    if (!parsed.success) {
      form.setFields(
        parsed.error.issues.map((issue) => ({
          name: String(issue.path[0]) as keyof CreateDomainForm,
          errors: [issue.message],
        })),
      );
      return Promise.resolve();
    }
    const body: DomainCreateInput = parsed.data;
    return create.mutateAsync(body).then(
      (domain) => {
        notify.success(
          t('domains.created', { name: domain.domain_name || body.domain_name }),
          undefined,
          {
            key: operationNoticeKey('DOMAIN', 'CREATE', domain.uuid),
          },
        );
        form.resetFields();
        onClose();
      },
      (error: unknown) => {
        // Another account holds it: offer the claim instead of a dead end.
        if (isApiError(error) && error.verification) {
          setClaim({ name: body.domain_name, verification: error.verification });
          return;
        }
        notify.error(t('domains.createFailed'), serverMessage(error));
      },
    );
  };

  return (
    <Form<CreateDomainForm>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => void submit(values)}
      data-testid="create-domain-form"
    >
      <Typography.Paragraph type="secondary">{t('create.domain.intro')}</Typography.Paragraph>
      <Form.Item
        name="domain_name"
        label={t('domains.field.name')}
        rules={[
          { required: true, whitespace: true, message: validationText('domain') },
          {
            validator: (_rule, value: string | undefined) =>
              !value?.trim() || domainNamePattern.test(value.trim().replace(/\.$/, ''))
                ? Promise.resolve()
                : Promise.reject(new Error(validationText('domain'))),
          },
        ]}
      >
        <Input placeholder="example.ca" autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('domains.field.email')}
        extra={t('domains.field.emailHint')}
        rules={[{ type: 'email', message: validationText('email') }]}
      >
        <Input type="email" placeholder="hostmaster@example.ca" autoComplete="email" />
      </Form.Item>
      <NameserverList
        nameservers={nameservers.data ?? []}
        loading={nameservers.isPending}
        withReference
      />
      <Typography.Paragraph type="secondary" className={styles.hint}>
        {t('domains.nameservers.hint')}
      </Typography.Paragraph>
      {claim ? (
        <ClaimDomainPanel
          domainName={claim.name}
          verification={claim.verification}
          onClaimed={() => {
            form.resetFields();
            onClose();
          }}
        />
      ) : null}
      <DrawerActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          {t('domains.submit')}
        </Button>
      </DrawerActions>
    </Form>
  );
}
