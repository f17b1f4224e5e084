import { AppList } from '../../features/apps/components/app-list';
import { t } from '../../shared/i18n/translate';
import styles from './app-layout.module.css';
import { CreateMenu } from './create-menu';

/** 280 px: the Create menu and the app grid. */
export function RightSidebar() {
  return (
    <aside className={styles.right} aria-label={t('apps.heading')}>
      <CreateMenu />
      <AppList />
    </aside>
  );
}
