import type { Organization } from '@meridian/domain/auth/organization';
import { Card, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { t } from '../organizations.texts';
import { InviteMemberForm } from './invite-member-form';
import { roleLabel } from './role-label';
import styles from '../organizations-page.module.css';

type Member = Organization['members'][number];

const columns: ColumnsType<Member> = [
  { title: t('organizations.column.username'), dataIndex: 'username', key: 'username' },
  {
    title: t('organizations.column.role'),
    dataIndex: 'role',
    key: 'role',
    render: (role: Member['role']) => roleLabel(role),
  },
];

/** One organisation: the user's role, its members and, for its admins, the invitation form. */
export function OrganizationCard({ organization }: { organization: Organization }) {
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
        <Tag color={organization.role === 'admin' ? 'blue' : undefined}>
          {t('organizations.yourRole', { role: roleLabel(organization.role) })}
        </Tag>
      }
    >
      <Table<Member>
        size="small"
        rowKey="user_uuid"
        columns={columns}
        dataSource={organization.members}
        pagination={false}
        aria-label={t('organizations.members')}
      />
      {organization.role === 'admin' ? (
        <InviteMemberForm organizationUuid={organization.uuid} />
      ) : null}
    </Card>
  );
}
