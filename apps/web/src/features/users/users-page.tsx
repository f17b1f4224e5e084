import { PlusOutlined } from '@ant-design/icons';
import type { AdminUser } from '@meridian/domain/auth/user-admin';
import { createUserSchema, newPasswordField } from '@meridian/domain/auth/user';
import { App, Button, Form, Input, Modal, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useSelector } from 'react-redux';
import { isApiError } from '../../shared/api/api-error';
import { PageHeader } from '../../shared/components/page-header';
import { zodRule } from '../../shared/lib/zod-rule';
import { notify } from '../../shared/notifications/notify';
import { selectUserId } from '../../shared/session/select-user-id';
import { useCreateUser, useResetPassword, useSetDisabled, useUsers } from './api/users';
import { t } from './users.texts';

function failure(error: unknown): string {
  if (isApiError(error)) return error.errors.length > 0 ? error.errors.join(' ') : error.message;
  return t('users.tryAgain');
}

/** /users: the installation admin creates accounts, disables them and resets passwords. */
export function UsersPage() {
  const users = useUsers();
  const [creating, setCreating] = useState(false);
  const [resetting, setResetting] = useState<AdminUser | null>(null);
  return (
    <>
      <PageHeader
        title={t('users.title')}
        description={t('users.intro')}
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {t('users.create')}
          </Button>
        }
      />
      <Table<AdminUser>
        rowKey="userId"
        loading={users.isPending}
        dataSource={users.data?.items ?? []}
        columns={useColumns(setResetting)}
        pagination={false}
      />
      <CreateUserDialog open={creating} onClose={() => setCreating(false)} />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
    </>
  );
}

function useColumns(onReset: (user: AdminUser) => void): ColumnsType<AdminUser> {
  const selfId = useSelector(selectUserId);
  const setDisabled = useSetDisabled();
  const { modal } = App.useApp();
  const toggle = (user: AdminUser) => {
    const run = () =>
      setDisabled
        .mutateAsync({ user, disabled: !user.disabled })
        .then(() => notify.success(t('users.saved')))
        .catch((error: unknown) => notify.error(failure(error)));
    if (user.disabled) return void run();
    modal.confirm({ title: t('users.disableConfirm', { username: user.username }), onOk: run });
  };
  return [
    { title: t('users.column.username'), dataIndex: 'username' },
    { title: t('users.column.email'), dataIndex: 'email' },
    {
      title: t('users.column.role'),
      render: (_, user) => (user.isAdmin ? t('users.admin') : t('users.user')),
    },
    {
      title: t('users.column.status'),
      render: (_, user) =>
        user.disabled ? (
          <Tag color="red">{t('users.disabled')}</Tag>
        ) : (
          <Tag>{t('users.active')}</Tag>
        ),
    },
    {
      title: t('users.column.actions'),
      render: (_, user) => (
        <Space>
          <Tooltip title={user.userId === selfId ? t('users.yourself') : undefined}>
            <Button size="small" disabled={user.userId === selfId} onClick={() => toggle(user)}>
              {user.disabled ? t('users.enable') : t('users.disable')}
            </Button>
          </Tooltip>
          <Button size="small" onClick={() => onReset(user)}>
            {t('users.resetPassword')}
          </Button>
        </Space>
      ),
    },
  ];
}

function CreateUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm();
  const create = useCreateUser();
  const submit = async () => {
    const values = await form.validateFields();
    try {
      await create.mutateAsync(values);
      notify.success(t('users.created'));
      form.resetFields();
      onClose();
    } catch (error) {
      notify.error(failure(error));
    }
  };
  const { shape } = createUserSchema;
  return (
    <Modal
      title={t('users.create')}
      open={open}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('users.form.submit')}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="username"
          label={t('users.form.username')}
          rules={[zodRule(shape.username)]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="email" label={t('users.form.email')} rules={[zodRule(shape.email)]}>
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('users.form.password')}
          rules={[zodRule(shape.password)]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ResetPasswordDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const [form] = Form.useForm<{ password: string }>();
  const reset = useResetPassword();
  const submit = async () => {
    const { password } = await form.validateFields();
    if (!user) return;
    try {
      await reset.mutateAsync({ user, password });
      notify.success(t('users.saved'));
      onClose();
    } catch (error) {
      notify.error(failure(error));
    }
  };
  return (
    <Modal
      title={user ? t('users.resetFor', { username: user.username }) : ''}
      open={user !== null}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('users.form.reset')}
      confirmLoading={reset.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="password"
          label={t('users.form.newPassword')}
          rules={[zodRule(newPasswordField)]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
