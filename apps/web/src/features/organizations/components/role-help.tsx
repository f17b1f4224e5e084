import { organizationRoles, roleRights } from '@meridian/domain/auth/organization';
import { Card, Typography } from 'antd';
import { t } from '../organizations.texts';
import { roleLabel } from './role-label';
import styles from '../organizations-page.module.css';

/** What each role may do, least first, as the server enforces it. */
export function RoleHelp() {
  return (
    <Card variant="borderless" className={`${styles.card} ${styles.section}`}>
      <Typography.Title level={2} className={styles.sectionTitle}>
        {t('roles.title')}
      </Typography.Title>
      <dl className={styles.roles} aria-label={t('roles.title')}>
        {[...organizationRoles].reverse().map((role) => (
          <div key={role} className={styles.roleRow}>
            <dt>{roleLabel(role)}</dt>
            <dd>{roleRights[role]}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
