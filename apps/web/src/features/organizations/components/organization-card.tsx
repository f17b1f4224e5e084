import type { Organization } from '@meridian/domain/auth/organization';
import { Button, Card, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSelector } from 'react-redux';
import { DisabledReason } from '../../../shared/components/disabled-reason';
import { notify } from '../../../shared/notifications/notify';
import { roleRefusal } from '../../../shared/session/acting-role';
import { selectUserId } from '../../../shared/session/select-user-id';
import { useDeleteOrganization } from '../api/manage-members';
import { t } from '../organizations.texts';
import { notifyFailure } from './failure-sentence';
import { InviteMemberForm } from './invite-member-form';
import { MemberTable } from './member-table';
import { roleLabel } from './role-label';
import { TransferOwnershipModal } from './transfer-ownership-modal';
import styles from '../organizations-page.module.css';

/** An owner's actions on the whole organisation: hand it over, delete it. */
function OwnerActions({ organization, userId }: { organization: Organization; userId: string }) {
  const [transferOpen, setTransferOpen] = useState(false);
  const remove = useDeleteOrganization();
  const refusal = roleRefusal(organization, 'owner');
  const { name } = organization;

  const deleteIt = async () => {
    try {
      await remove.mutateAsync(organization.uuid);
      notify.success(t('organizations.deleted', { organization: name }));
    } catch (error) {
      notifyFailure(t('organizations.deleteFailed', { organization: name }), error);
    }
  };

  return (
    <Space wrap>
      <DisabledReason reason={refusal}>
        {(disabled) => (
          <Button size="small" disabled={disabled} onClick={() => setTransferOpen(true)}>
            {t('transfer.open')}
          </Button>
        )}
      </DisabledReason>
      <DisabledReason reason={refusal}>
        {(disabled) => (
          <Popconfirm
            title={t('organizations.deleteConfirm', { organization: name })}
            okText={t('organizations.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('common.cancel')}
            onConfirm={() => deleteIt()}
            disabled={disabled}
          >
            <Button size="small" danger disabled={disabled} loading={remove.isPending}>
              {t('organizations.delete')}
            </Button>
          </Popconfirm>
        )}
      </DisabledReason>
      {transferOpen ? (
        <TransferOwnershipModal
          organization={organization}
          userId={userId}
          open={transferOpen}
          onClose={() => setTransferOpen(false)}
        />
      ) : null}
    </Space>
  );
}

/** One organisation: the user's role, its members and, for its admins, the invitation form. */
export function OrganizationCard({ organization }: { organization: Organization }) {
  const userId = useSelector(selectUserId) ?? '';
  const inviteRefusal = roleRefusal(organization, 'admin');
  return (
    <Card
      variant="borderless"
      className={styles.card}
      data-testid="organization"
      title={
        <Typography.Title level={2} className={styles.cardTitle}>
          {organization.name}
        </Typography.Title>
      }
      extra={
        <Space wrap>
          <Tag color={organization.role === 'viewer' ? undefined : 'blue'}>
            {t('organizations.yourRole', { role: roleLabel(organization.role) })}
          </Tag>
          <OwnerActions organization={organization} userId={userId} />
        </Space>
      }
    >
      <MemberTable organization={organization} />
      {inviteRefusal === undefined ? (
        <InviteMemberForm organizationUuid={organization.uuid} role={organization.role} />
      ) : (
        <Typography.Paragraph type="secondary" className={styles.invite}>
          {inviteRefusal}
        </Typography.Paragraph>
      )}
    </Card>
  );
}
