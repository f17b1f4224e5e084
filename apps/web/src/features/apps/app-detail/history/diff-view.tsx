import { VisuallyHidden } from '../../../../shared/components/visually-hidden';
import { t } from '../../apps.texts';
import styles from './history.module.css';
import { sideBySideRows } from './diff-rows';

interface DiffViewProps {
  unified: string;
  fromName: string;
  toName: string;
}

/** A unified diff shown side by side: old lines left (removed in red), new right (added in green). */
export function DiffView({ unified, fromName, toName }: DiffViewProps) {
  const rows = sideBySideRows(unified);
  return (
    <div className={styles.diffScroll}>
      <table className={styles.diffTable} data-testid="version-diff">
        <colgroup>
          <col className={styles.number} />
          <col />
          <col className={styles.number} />
          <col />
        </colgroup>
        <thead>
          <tr>
            <th scope="col">
              <VisuallyHidden>#</VisuallyHidden>
            </th>
            <th scope="col">
              <VisuallyHidden>{fromName}</VisuallyHidden>
            </th>
            <th scope="col">
              <VisuallyHidden>#</VisuallyHidden>
            </th>
            <th scope="col">
              <VisuallyHidden>{toName}</VisuallyHidden>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => {
            if (row.kind === 'hunk') {
              return (
                <tr key={index} className={styles.hunk}>
                  <td colSpan={4}>{row.header}</td>
                </tr>
              );
            }
            const leftClass = row.left ? (row.left.removed ? styles.removed : '') : styles.empty;
            const rightClass = row.right ? (row.right.added ? styles.added : '') : styles.empty;
            return (
              <tr key={index}>
                <td
                  className={`${styles.lineNumber} ${leftClass}`}
                  aria-label={
                    row.left
                      ? t('apps.diff.oldLine', { number: row.left.number, version: fromName })
                      : undefined
                  }
                >
                  {row.left?.number}
                </td>
                <td className={`${styles.lineText} ${leftClass}`} data-side="old">
                  {row.left ? (row.left.removed ? '- ' : '  ') + row.left.text : ''}
                </td>
                <td
                  className={`${styles.lineNumber} ${styles.divider} ${rightClass}`}
                  aria-label={
                    row.right
                      ? t('apps.diff.newLine', { number: row.right.number, version: toName })
                      : undefined
                  }
                >
                  {row.right?.number}
                </td>
                <td className={`${styles.lineText} ${rightClass}`} data-side="new">
                  {row.right ? (row.right.added ? '+ ' : '  ') + row.right.text : ''}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
