import type { StackOutput } from '@meridian/domain/apps/stack-output';
import { Typography } from 'antd';
import { t } from '../apps.texts';
import styles from './app-detail.module.css';

/** A Heat deployment's stack outputs: each name, its value to copy, its description as help. */
export function StackOutputsCard({ outputs }: { outputs: readonly StackOutput[] }) {
  const title = t('apps.detail.card.stackOutputs');
  return (
    <section
      className={`${styles.infoCard} ${styles.wideCard}`}
      aria-label={title}
      data-testid="card-stack-outputs"
    >
      <h3 className={styles.infoTitle}>{title}</h3>
      {outputs.length === 0 ? (
        <span className={styles.muted}>{t('apps.detail.card.noStackOutputs')}</span>
      ) : (
        <dl className={styles.outputList}>
          {outputs.map((output) => (
            <div key={output.name} className={styles.outputRow} data-testid="stack-output">
              <dt className={styles.outputName}>{output.name}</dt>
              <dd className={styles.outputValue}>
                {output.value === null ? (
                  <span className={styles.muted}>{t('apps.detail.card.noOutputValue')}</span>
                ) : (
                  <Typography.Text
                    code
                    copyable={{
                      text: output.value,
                      tooltips: [
                        t('apps.detail.card.copyOutput', { name: output.name }),
                        t('apps.detail.card.outputCopied'),
                      ],
                    }}
                  >
                    {output.value}
                  </Typography.Text>
                )}
                {output.description ? (
                  <span className={styles.outputHelp}>{output.description}</span>
                ) : null}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
