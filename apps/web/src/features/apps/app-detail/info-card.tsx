import type { ReactNode } from 'react';
import styles from './app-detail.module.css';

/** One of the deployment view's cards: a titled figure (spec "App detail screen"). */
export function InfoCard({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <section className={styles.infoCard} aria-label={title} data-testid={testId}>
      <h3 className={styles.infoTitle}>{title}</h3>
      <div className={styles.infoValue}>{children}</div>
    </section>
  );
}
