import { Empty } from 'antd';
import type { ReactNode } from 'react';
import styles from './empty-state.module.css';

interface EmptyStateProps {
  title: string;
  hint?: ReactNode;
  /** The action that fills the list (design.md). */
  action?: ReactNode;
}

/** An empty list: a sentence and the action that fills it, on a card. */
export function EmptyState({ title, hint, action }: EmptyStateProps) {
  return (
    <section className={styles.card} aria-label={title}>
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <span className={styles.text}>
            <strong className={styles.title}>{title}</strong>
            {hint ? <span className={styles.hint}>{hint}</span> : null}
          </span>
        }
      >
        {action}
      </Empty>
    </section>
  );
}
