import type { Organization, OrganizationRole } from '@meridian/domain/auth/organization';
import { Button, Popconfirm, Select, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useSelector } from 'react-redux';
import { DisabledReason } from '../../../shared/components/disabled-reason';
import { VisuallyHidden } from '../../../shared/components/visually-hidden';
import { selectUserId } from '../../../shared/session/select-user-id';
import { roleRefusal } from '../../../shared/session/acting-role';
import { useRemoveMember, useSetMemberRole } from '../api/manage-members';
import { t } from '../organizations.texts';
import { notifyFailure } from './failure-sentence';
import { grantableRoles, roleLabel } from './role-label';
import styles from '../organizations-page.module.css';

type Member = Organization['members'][number];

/** Admins manage members who are not owners; only an owner changes or removes an owner. */
function manageRefusal(organization: Organization, member: Member): string | undefined {
  return roleRefusal(organization, member.role === 'owner' ? 'owner' : 'admin');
}

/** The members with their roles: a role select and Remove where the caller's role allows, Leave on their own row. */
export function MemberTable({ organization }: { organization: Organization }) {
  const userId = useSelector(selectUserId);
  const setRole = useSetMemberRole();
  const remove = useRemoveMember();
  const organizationUuid = organization.uuid;
  const options = grantableRoles(organization.role).map((role) => ({
    value: role,
    label: roleLabel(role),
  }));

  const changeRole = (member: Member, role: OrganizationRole) =>
    setRole
      .mutateAsync({ organizationUuid, userUuid: member.user_uuid, role })
      .catch((error: unknown) =>
        notifyFailure(t('members.roleFailed', { username: member.username }), error),
      );
  const removeMember = (member: Member) =>
    remove
      .mutateAsync({ organizationUuid, userUuid: member.user_uuid })
      .catch((error: unknown) =>
        notifyFailure(t('members.removeFailed', { username: member.username }), error),
      );

  const columns: ColumnsType<Member> = [
    { title: t('organizations.column.username'), dataIndex: 'username', key: 'username' },
    {
      title: t('organizations.column.role'),
      key: 'role',
      render: (_: unknown, member) => (
        <DisabledReason reason={manageRefusal(organization, member)}>
          {(disabled) => (
            <Select<OrganizationRole>
              className={styles.role}
              value={member.role}
              disabled={disabled}
              loading={setRole.isPending && setRole.variables?.userUuid === member.user_uuid}
              aria-label={t('members.roleOf', { username: member.username })}
              options={disabled ? [{ value: member.role, label: roleLabel(member.role) }] : options}
              onChange={(role) => void changeRole(member, role)}
            />
          )}
        </DisabledReason>
      ),
    },
    {
      title: <VisuallyHidden>{t('members.actions')}</VisuallyHidden>,
      key: 'actions',
      align: 'right',
      render: (_: unknown, member) => {
        const self = member.user_uuid === userId;
        const question = self
          ? t('members.leaveConfirm', { organization: organization.name })
          : t('members.removeConfirm', { username: member.username });
        return (
          <DisabledReason reason={self ? undefined : manageRefusal(organization, member)}>
            {(disabled) => (
              <Popconfirm
                title={question}
                okText={self ? t('members.leave') : t('members.remove')}
                okButtonProps={{ danger: true }}
                cancelText={t('common.cancel')}
                onConfirm={() => removeMember(member)}
                disabled={disabled}
              >
                <Button
                  size="small"
                  danger
                  disabled={disabled}
                  aria-label={
                    self
                      ? t('members.leaveLabel', { organization: organization.name })
                      : t('members.removeLabel', { username: member.username })
                  }
                >
                  {self ? t('members.leave') : t('members.remove')}
                </Button>
              </Popconfirm>
            )}
          </DisabledReason>
        );
      },
    },
  ];

  return (
    <Table<Member>
      size="small"
      rowKey="user_uuid"
      columns={columns}
      dataSource={organization.members}
      pagination={false}
      aria-label={t('organizations.members')}
    />
  );
}
