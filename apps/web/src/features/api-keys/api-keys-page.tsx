import { DeleteOutlined, KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { createApiKeySchema, type ApiKeySummary } from '@meridian/domain/auth/api-key';
import { Alert, App, Button, Form, Input, Modal, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { isApiError } from '../../shared/api/api-error';
import { EmptyState } from '../../shared/components/empty-state';
import { PageHeader } from '../../shared/components/page-header';
import { t } from './api-keys.texts';
import { formatDateTime } from '../../shared/lib/format-date';
import { notify } from '../../shared/notifications/notify';
import { useCreateApiKey } from './api/create-api-key';
import { useApiKeys } from './api/get-api-keys';
import { useRevokeApiKey } from './api/revoke-api-key';
import { CreatedKeyDialog } from './created-key-dialog';
import styles from './api-keys-page.module.css';

function errorDescription(error: unknown): string {
  if (isApiError(error) && (error.status === 400 || error.status === 409)) {
    return error.errors.length > 0 ? error.errors.join(' ') : error.message;
  }
  return t('error.tryAgain');
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

/** /api-key: keys for CI/CD calls; a new key's value is shown once. */
export function ApiKeysPage() {
  const { modal } = App.useApp();
  const keys = useApiKeys();
  const createMutation = useCreateApiKey();
  const revokeMutation = useRevokeApiKey();
  const [createOpen, setCreateOpen] = useState(false);
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [form] = Form.useForm<{ name: string }>();

  useEffect(() => {
    if (keys.isError) {
      notify.error(t('apiKeys.fetchFailed'), t('error.contactSupport'), {
        key: 'api-keys-fetch',
      });
    }
  }, [keys.isError]);

  const submitCreate = async () => {
    const { name } = await form.validateFields();
    try {
      const result = await createMutation.mutateAsync({ name });
      setCreateOpen(false);
      form.resetFields();
      setCreated({ name: result.name, key: result.key });
    } catch (error) {
      notify.error(t('apiKeys.createFailed'), errorDescription(error));
    }
  };

  const confirmRevoke = (apiKey: ApiKeySummary) => {
    modal.confirm({
      title: t('apiKeys.revoke.title', { name: apiKey.name }),
      content: t('apiKeys.revoke.body'),
      okText: t('apiKeys.revoke'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        revokeMutation.mutateAsync(apiKey.name).then(
          () => notify.success(t('apiKeys.revoked', { name: apiKey.name })),
          () =>
            notify.error(
              t('apiKeys.revokeFailed', { apikey_name: apiKey.name }),
              t('error.tryAgain'),
            ),
        ),
    });
  };

  const columns: ColumnsType<ApiKeySummary> = [
    {
      title: t('apiKeys.column.name'),
      dataIndex: 'name',
      key: 'name',
      render: (name: string) => (
        <span className={styles.name}>
          <KeyOutlined aria-hidden /> {name}
        </span>
      ),
    },
    {
      title: t('apiKeys.column.createdAt'),
      dataIndex: 'created_at',
      key: 'created_at',
      render: (createdAt: string) => formatDateTime(createdAt),
    },
    {
      title: t('apiKeys.column.actions'),
      key: 'actions',
      align: 'right',
      render: (_value, apiKey) => (
        <Button
          danger
          type="text"
          icon={<DeleteOutlined aria-hidden />}
          aria-label={t('apiKeys.revoke.ariaLabel', { name: apiKey.name })}
          onClick={() => confirmRevoke(apiKey)}
        >
          {t('apiKeys.revoke')}
        </Button>
      ),
    },
  ];

  const list = keys.data ?? [];
  const openCreate = () => setCreateOpen(true);
  const createButton = (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={openCreate}>
      {t('apiKeys.create')}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t('apiKeys.title')}
        description={t('apiKeys.intro')}
        actions={createButton}
      />
      {keys.isError ? (
        <Alert
          type="error"
          showIcon
          className={styles.alert}
          title={t('apiKeys.fetchFailed')}
          description={t('error.contactSupport')}
        />
      ) : null}
      {!keys.isPending && !keys.isError && list.length === 0 ? (
        <EmptyState title={t('apiKeys.empty')} hint={t('apiKeys.emptyHint')} />
      ) : (
        <Table<ApiKeySummary>
          className={styles.table}
          rowKey="name"
          columns={columns}
          dataSource={list}
          loading={keys.isPending}
          pagination={false}
          aria-label={t('apiKeys.title')}
        />
      )}

      <Modal
        open={createOpen}
        title={t('apiKeys.form.title')}
        okText={t('apiKeys.form.submit')}
        cancelText={t('common.cancel')}
        confirmLoading={createMutation.isPending}
        onOk={() => void submitCreate().catch(() => undefined)}
        onCancel={() => {
          setCreateOpen(false);
          form.resetFields();
        }}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false} onFinish={() => void submitCreate()}>
          <Form.Item name="name" label={t('apiKeys.form.name')} rules={[nameRule]}>
            <Input
              autoFocus
              maxLength={50}
              placeholder={t('apiKeys.form.namePlaceholder')}
              autoComplete="off"
            />
          </Form.Item>
        </Form>
      </Modal>

      <CreatedKeyDialog created={created} onDone={() => setCreated(null)} />
    </>
  );
}
