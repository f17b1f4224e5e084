import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { createRegistrySchema, type Registry } from '@meridian/domain/auth/registry';
import { Alert, App, Button, Form, Input, Modal, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { isApiError } from '../../shared/api/api-error';
import { useCreateRegistry, useDeleteRegistry, useRegistries } from '../../shared/api/registries';
import { EmptyState } from '../../shared/components/empty-state';
import { formatDateTime } from '../../shared/lib/format-date';
import { zodRule } from '../../shared/lib/zod-rule';
import { notify } from '../../shared/notifications/notify';
import { t } from './registries.texts';
import styles from './registries.module.css';

/** The server's reasons for a refusal, else the usual retry hint. */
function errorDescription(error: unknown): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500) {
    return error.errors.length > 0 ? error.errors.join(' ') : error.message;
  }
  return t('error.tryAgain');
}

/** Account menu → Saved registries (issue 36): list, add (the password typed once), delete. */
export function RegistriesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      title={t('registries.title')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('registries.close')}</Button>}
      width={720}
      destroyOnHidden
    >
      <p className={styles.intro}>{t('registries.intro')}</p>
      <RegistryList />
      <AddRegistryForm />
    </Modal>
  );
}

function RegistryList() {
  const { modal } = App.useApp();
  const registries = useRegistries();
  const remove = useDeleteRegistry();

  const confirmDelete = (registry: Registry) =>
    modal.confirm({
      title: t('registries.delete.title', { name: registry.name }),
      content: t('registries.delete.body'),
      okText: t('registries.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        remove.mutateAsync(registry.uuid).then(
          () => notify.success(t('registries.deleted', { name: registry.name })),
          (error: unknown) =>
            notify.error(
              t('registries.deleteFailed', { name: registry.name }),
              errorDescription(error),
            ),
        ),
    });

  const columns: ColumnsType<Registry> = [
    { title: t('registries.column.name'), dataIndex: 'name', key: 'name' },
    { title: t('registries.column.url'), dataIndex: 'url', key: 'url', ellipsis: true },
    { title: t('registries.column.username'), dataIndex: 'username', key: 'username' },
    {
      title: t('registries.column.createdAt'),
      dataIndex: 'created_at',
      key: 'created_at',
      render: (createdAt: string) => formatDateTime(createdAt),
    },
    {
      key: 'actions',
      align: 'right',
      render: (_value, registry) => (
        <Button
          danger
          type="text"
          icon={<DeleteOutlined aria-hidden />}
          aria-label={t('registries.delete.ariaLabel', { name: registry.name })}
          onClick={() => confirmDelete(registry)}
        />
      ),
    },
  ];

  if (registries.isError) {
    return <Alert type="error" showIcon title={t('registries.fetchFailed')} />;
  }
  const list = registries.data ?? [];
  if (!registries.isPending && list.length === 0) {
    return <EmptyState title={t('registries.empty')} hint={t('registries.emptyHint')} />;
  }
  return (
    <Table<Registry>
      rowKey="uuid"
      size="small"
      columns={columns}
      dataSource={list}
      loading={registries.isPending}
      pagination={false}
      aria-label={t('registries.title')}
    />
  );
}

const shape = createRegistrySchema.shape;

interface RegistryFormValues {
  name: string;
  url: string;
  username: string;
  password: string;
}

function AddRegistryForm() {
  const [form] = Form.useForm<RegistryFormValues>();
  const create = useCreateRegistry();

  const submit = async (values: RegistryFormValues) => {
    try {
      const registry = await create.mutateAsync(values);
      notify.success(t('registries.added', { name: registry.name }));
      form.resetFields();
    } catch (error) {
      notify.error(t('registries.addFailed'), errorDescription(error));
    }
  };

  return (
    <Form<RegistryFormValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => void submit(values)}
      className={styles.form}
      aria-label={t('registries.add.title')}
    >
      <h3 className={styles.formTitle}>{t('registries.add.title')}</h3>
      <div className={styles.two}>
        <Form.Item name="name" label={t('registries.add.name')} rules={[zodRule(shape.name)]}>
          <Input placeholder={t('registries.add.namePlaceholder')} autoComplete="off" />
        </Form.Item>
        <Form.Item name="url" label={t('registries.add.url')} rules={[zodRule(shape.url)]}>
          <Input placeholder={t('registries.add.urlPlaceholder')} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="username"
          label={t('registries.add.username')}
          rules={[zodRule(shape.username)]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('registries.add.password')}
          rules={[zodRule(shape.password)]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </div>
      <Button
        type="primary"
        htmlType="submit"
        icon={<PlusOutlined aria-hidden />}
        loading={create.isPending}
      >
        {t('registries.add.submit')}
      </Button>
    </Form>
  );
}
