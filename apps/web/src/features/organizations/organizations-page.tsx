import { PlusOutlined } from '@ant-design/icons';
import { createOrganizationSchema } from '@meridian/domain/auth/organization';
import { Alert, Button, Form, Input, Modal, Skeleton } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../shared/api/api-error';
import { EmptyState } from '../../shared/components/empty-state';
import { PageHeader } from '../../shared/components/page-header';
import { notify } from '../../shared/notifications/notify';
import { useCreateOrganization } from './api/create-organization';
import { useOrganizations } from '../../shared/api/organizations-list';
import { InvitationList } from './components/invitation-list';
import { OrganizationCard } from './components/organization-card';
import { RoleHelp } from './components/role-help';
import { t } from './organizations.texts';
import styles from './organizations-page.module.css';

// The same rule as the server's, from the domain schema.
const nameRule = {
  validator: (_rule: unknown, value: unknown) => {
    const result = createOrganizationSchema.shape.name.safeParse(value ?? undefined);
    return result.success
      ? Promise.resolve()
      : Promise.reject(new Error(result.error.issues[0]?.message ?? ''));
  },
};

/** The create dialog: a name; the creator becomes its owner. */
function CreateOrganizationModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ name: string }>();
  const create = useCreateOrganization();

  const submit = async () => {
    const { name } = await form.validateFields();
    try {
      const created = await create.mutateAsync(name);
      notify.success(t('organizations.created', { name: created.name }));
      onClose();
    } catch (error) {
      const said = isApiError(error) && error.status < 500;
      notify.error(
        t('organizations.createFailed'),
        said ? [error.message, ...error.errors].join(' ') : t('error.tryAgain'),
      );
    }
  };

  return (
    <Modal
      open={open}
      title={t('organizations.form.title')}
      okText={t('organizations.form.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={create.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} onFinish={() => void submit()}>
        <Form.Item name="name" label={t('organizations.form.name')} rules={[nameRule]}>
          <Input
            autoFocus
            maxLength={50}
            autoComplete="off"
            placeholder={t('organizations.form.namePlaceholder')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /organizations: invitations to answer, the user's organisations, and their members. */
export function OrganizationsPage() {
  const organizations = useOrganizations();
  const [createOpen, setCreateOpen] = useState(false);
  const list = organizations.data ?? [];
  const createButton = (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreateOpen(true)}>
      {t('organizations.create')}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t('organizations.title')}
        description={t('organizations.intro')}
        actions={createButton}
      />
      <InvitationList />
      <RoleHelp />
      {organizations.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('organizations.fetchFailed')}
          description={t('error.contactSupport')}
        />
      ) : organizations.isPending ? (
        <Skeleton active />
      ) : list.length === 0 ? (
        <EmptyState title={t('organizations.empty')} hint={t('organizations.emptyHint')} />
      ) : (
        <div className={styles.stack}>
          {list.map((organization) => (
            <OrganizationCard key={organization.uuid} organization={organization} />
          ))}
        </div>
      )}
      <CreateOrganizationModal open={createOpen} onClose={() => setCreateOpen(false)} />
    </>
  );
}
