import BellOutlined from '@ant-design/icons-svg/es/asn/BellOutlined';
import { Link } from 'react-router';
import { useUnreadCount } from '../../features/notifications/api/get-notification-count';
import { SvgIcon } from '../../shared/components/svg-icon';
import { t } from '../../shared/i18n/translate';
import styles from './app-layout.module.css';

/** More than this reads '99+': the bell stays one small badge. */
const mostShown = 99;

/** The header's bell: how many notifications are unread; it opens the list, which reads them. */
export function NotificationBell() {
  const unread = useUnreadCount().data ?? 0;
  const label = unread > 0 ? t('bell.unread', { count: unread }) : t('bell.none');
  return (
    <Link
      to="/notifications"
      className={styles.bell}
      aria-label={label}
      title={label}
      data-testid="notification-bell"
    >
      <SvgIcon icon={BellOutlined} />
      {unread > 0 ? (
        <span className={styles.bellCount} data-testid="notification-bell-count" aria-hidden="true">
          {unread > mostShown ? `${mostShown}+` : unread}
        </span>
      ) : null}
    </Link>
  );
}
