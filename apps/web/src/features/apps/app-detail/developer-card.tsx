import { Typography } from 'antd';
import type { ReactElement } from 'react';
import { useActingRole } from '../../../shared/session/acting-role';
import styles from './app-detail.module.css';

/**
 * Logs and metrics are for developers: below that role their card says why, and nothing asks
 * the server for what it would refuse.
 */
export function DeveloperCard({ title, children }: { title: string; children: ReactElement }) {
  const refusal = useActingRole().refusal('developer');
  if (refusal === undefined) return children;
  return (
    <section className={styles.card} aria-label={title} data-testid="card-needs-role">
      <Typography.Title level={3} className={styles.lockedTitle}>
        {title}
      </Typography.Title>
      <Typography.Text type="secondary">{refusal}</Typography.Text>
    </section>
  );
}
