import { Link } from 'react-router';
import { ResourceOverview } from '../../features/dashboard/resource-overview';
import { Logo } from '../../shared/components/logo';
import { t } from '../../shared/i18n/translate';
import { AccountMenu } from './account-menu';
import { NotificationBell } from './notification-bell';
import { OrganizationSwitcher } from './organization-switcher';
import styles from './app-layout.module.css';

/** Logo linking home, the resource overview, the notification bell, the acting account and the account menu. */
export function AppHeader() {
  return (
    <header className={styles.header}>
      <Link to="/home" className={styles.brand}>
        <Logo size={30} />
        <span className={styles.brandName}>{t('product.name')}</span>
      </Link>
      <div className={styles.overview}>
        <ResourceOverview />
      </div>
      <NotificationBell />
      <OrganizationSwitcher />
      <AccountMenu />
    </header>
  );
}
