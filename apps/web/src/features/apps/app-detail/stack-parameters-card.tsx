import type { StackParameter } from '@meridian/domain/apps/stack-output';
import { t } from '../apps.texts';
import styles from './app-detail.module.css';

/** The parameters a Heat deployment's stack was created with: Meridian's values and the defaults. */
export function StackParametersCard({ parameters }: { parameters: readonly StackParameter[] }) {
  const title = t('apps.detail.card.stackParameters');
  return (
    <section
      className={`${styles.infoCard} ${styles.wideCard}`}
      aria-label={title}
      data-testid="card-stack-parameters"
    >
      <h3 className={styles.infoTitle}>{title}</h3>
      <dl className={styles.outputList}>
        {parameters.map((parameter) => (
          <div key={parameter.name} className={styles.outputRow} data-testid="stack-parameter">
            <dt className={styles.outputName}>{parameter.name}</dt>
            <dd className={styles.outputValue}>{parameter.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
