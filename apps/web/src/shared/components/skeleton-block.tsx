import type { CSSProperties } from 'react';
import styles from './skeleton-block.module.css';

/** A shimmering placeholder of the given size, where content is still loading. */
export function SkeletonBlock({ className, style }: { className?: string; style?: CSSProperties }) {
  return (
    <span
      className={className ? `${styles.block} ${className}` : styles.block}
      style={style}
      aria-hidden="true"
    />
  );
}
