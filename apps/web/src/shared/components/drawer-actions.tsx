import type { ReactNode } from 'react';
import styles from './drawer-actions.module.css';

/**
 * A drawer form's buttons, held at the bottom of the drawer while its fields scroll: at any
 * window size the user sees how to submit without hunting for it.
 */
export function DrawerActions({ children }: { children: ReactNode }) {
  return (
    <div className={styles.actions} data-testid="drawer-actions">
      {children}
    </div>
  );
}
