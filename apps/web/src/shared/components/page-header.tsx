import { Typography } from 'antd';
import type { ReactNode } from 'react';
import styles from './page-header.module.css';

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** Buttons on the right of the title. */
  actions?: ReactNode;
}

/** The title of a screen, as its h1, with a sentence saying what the screen is for. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <header className={styles.header}>
      <div className={styles.text}>
        <Typography.Title level={1} className={styles.title}>
          {title}
        </Typography.Title>
        {description ? (
          <Typography.Paragraph type="secondary" className={styles.description}>
            {description}
          </Typography.Paragraph>
        ) : null}
      </div>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </header>
  );
}
