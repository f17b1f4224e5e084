import { Logo } from '../shared/components/logo';
import { t } from '../shared/i18n/translate';
import styles from './error-fallback.module.css';

/** What the user sees when rendering failed; the details are in the console. */
export function ErrorFallback() {
  return (
    <main className={styles.page} role="alert">
      <div className={styles.card}>
        <Logo size={44} />
        <h1 className={styles.title}>{t('error.boundary')}</h1>
        <button type="button" className={styles.reload} onClick={() => window.location.reload()}>
          {t('error.reload')}
        </button>
      </div>
    </main>
  );
}
