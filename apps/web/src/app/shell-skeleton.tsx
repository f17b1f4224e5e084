import styles from './shell-skeleton.module.css';

/** What the console looks like while its screens load: header, menus, and placeholders. */
export function ShellSkeleton() {
  return (
    <div className={styles.shell} aria-busy="true" aria-label="Loading">
      <div className={styles.header} />
      <div className={styles.body}>
        <div className={styles.sider}>
          <span className={styles.bar} />
          <span className={styles.bar} />
          <span className={styles.bar} />
        </div>
        <div className={styles.content} />
        <div className={styles.right}>
          <span className={styles.bar} />
          <span className={styles.tiles}>
            <span />
            <span />
            <span />
          </span>
        </div>
      </div>
    </div>
  );
}
