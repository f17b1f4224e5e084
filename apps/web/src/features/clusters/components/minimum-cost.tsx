import { formatCad } from '@meridian/domain/billing/usage-rules';
import { currentLocale } from '../../../shared/i18n/locale';
import { t } from '../clusters.texts';
import styles from './clusters.module.css';

/** The minimum total cost per month (spec "Business constants and limits" "Cost estimate"). */
export function MinimumCost({ minimum, automatic }: { minimum: number; automatic: boolean }) {
  return (
    <div className={styles.cost} data-testid="minimum-cost">
      <div className={styles.costLine}>
        <span>{t('clusters.form.minimumCost')}</span>
        <span className={styles.costValue}>
          {t('clusters.form.perMonth', { amount: formatCad(minimum, currentLocale()) })}
        </span>
      </div>
      {automatic ? (
        <p className={styles.costWhy} data-testid="budget-why">
          {t('clusters.form.budgetWhy')}
        </p>
      ) : null}
    </div>
  );
}
