import type { ReactNode } from 'react';
import styles from './visually-hidden.module.css';

/** Text for assistive technology only. */
export function VisuallyHidden({
  as: Tag = 'span',
  children,
}: {
  as?: 'span' | 'h1' | 'h2';
  children: ReactNode;
}) {
  return <Tag className={styles.hidden}>{children}</Tag>;
}
