import { apiKeyScopes, createApiKeySchema, type ApiKeyScope } from '@meridian/domain/auth/api-key';
import { Checkbox, Form, Input, Modal, Select } from 'antd';
import { t } from './api-keys.texts';

export interface CreateKeyValues {
  name: string;
  scopes: ApiKeyScope[];
  /** Days until it expires; 0: never. */
  expiresInDays: number;
}

// The same rule as the server's, from the domain schema.
const nameRule = {
  validator: (_rule: unknown, value: unknown) => {
    const result = createApiKeySchema.shape.name.safeParse(value ?? undefined);
    return result.success
      ? Promise.resolve()
      : Promise.reject(new Error(result.error.issues[0]?.message ?? ''));
  },
};

const expiryChoices = [0, 7, 30, 90, 365];

/** The create form: a name, the scopes (none: everything a key may do) and an expiry. */
export function CreateKeyDialog({
  open,
  busy,
  onCreate,
  onCancel,
}: {
  open: boolean;
  busy: boolean;
  onCreate: (values: CreateKeyValues) => Promise<void>;
  onCancel: () => void;
}) {
  const [form] = Form.useForm<CreateKeyValues>();
  const submit = async () => onCreate(await form.validateFields());
  return (
    <Modal
      open={open}
      title={t('apiKeys.form.title')}
      okText={t('apiKeys.form.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ scopes: [], expiresInDays: 0 }}
        onFinish={() => void submit().catch(() => undefined)}
      >
        <Form.Item name="name" label={t('apiKeys.form.name')} rules={[nameRule]}>
          <Input
            autoFocus
            maxLength={50}
            placeholder={t('apiKeys.form.namePlaceholder')}
            autoComplete="off"
          />
        </Form.Item>
        <Form.Item
          name="scopes"
          label={t('apiKeys.form.scopes')}
          extra={t('apiKeys.form.scopesHint')}
        >
          <Checkbox.Group
            options={apiKeyScopes.map((scope) => ({
              value: scope,
              label: t(`apiKeys.scope.${scope}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="expiresInDays" label={t('apiKeys.form.expiry')}>
          <Select
            aria-label={t('apiKeys.form.expiry')}
            options={expiryChoices.map((days) => ({
              value: days,
              label: days === 0 ? t('apiKeys.expiry.never') : t('apiKeys.expiry.days', { days }),
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
