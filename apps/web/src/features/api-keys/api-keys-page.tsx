import { DeleteOutlined, KeyOutlined, PlusOutlined } from '@ant-design/icons';
import type { ApiKeySummary } from '@meridian/domain/auth/api-key';
import { Alert, App, Button, Table, Tag } from 'antd';
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
import { CreateKeyDialog, type CreateKeyValues } from './create-key-dialog';
import styles from './api-keys-page.module.css';

function errorDescription(error: unknown): string {
  if (isApiError(error) && (error.status === 400 || error.status === 409)) {
    return error.errors.length > 0 ? error.errors.join(' ') : error.message;
  }
  return t('error.tryAgain');
}

function scopeTags(scopes: ApiKeySummary['scopes']) {
  if (scopes.length === 0) return <Tag>{t('apiKeys.scope.all')}</Tag>;
  return scopes.map((scope) => <Tag key={scope}>{t(`apiKeys.scope.${scope}`)}</Tag>);
}

function expiryText(expiresAt: string | null): string {
  if (expiresAt === null) return t('apiKeys.never');
  return Date.parse(expiresAt) <= Date.now() ? t('apiKeys.expired') : formatDateTime(expiresAt);
}

function expiryOf(days: number): { expires_at?: string } {
  return days > 0 ? { expires_at: new Date(Date.now() + days * 86_400_000).toISOString() } : {};
}

/** /api-key: keys for CI/CD calls; a new key's value is shown once. */
export function ApiKeysPage() {
  const { modal } = App.useApp();
  const keys = useApiKeys();
  const createMutation = useCreateApiKey();
  const revokeMutation = useRevokeApiKey();
  const [createOpen, setCreateOpen] = useState(false);
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);

  useEffect(() => {
    if (keys.isError) {
      notify.error(t('apiKeys.fetchFailed'), t('error.contactSupport'), {
        key: 'api-keys-fetch',
      });
    }
  }, [keys.isError]);

  const submitCreate = async ({ name, scopes, expiresInDays }: CreateKeyValues) => {
    try {
      const result = await createMutation.mutateAsync({
        name,
        ...(scopes.length > 0 ? { scopes } : {}),
        ...expiryOf(expiresInDays),
      });
      setCreateOpen(false);
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
      title: t('apiKeys.column.scopes'),
      dataIndex: 'scopes',
      key: 'scopes',
      render: scopeTags,
    },
    {
      title: t('apiKeys.column.expiresAt'),
      dataIndex: 'expires_at',
      key: 'expires_at',
      render: expiryText,
    },
    {
      title: t('apiKeys.column.lastUsedAt'),
      dataIndex: 'last_used_at',
      key: 'last_used_at',
      render: (lastUsedAt: string | null) =>
        lastUsedAt === null ? t('apiKeys.never') : formatDateTime(lastUsedAt),
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

      <CreateKeyDialog
        open={createOpen}
        busy={createMutation.isPending}
        onCreate={submitCreate}
        onCancel={() => setCreateOpen(false)}
      />

      <CreatedKeyDialog created={created} onDone={() => setCreated(null)} />
    </>
  );
}
