import {
  BellOutlined,
  CreditCardOutlined,
  CustomerServiceOutlined,
  DownOutlined,
  KeyOutlined,
  LockOutlined,
  LogoutOutlined,
} from '@ant-design/icons';
import { Avatar, Dropdown } from 'antd';
import type { MenuProps } from 'antd';
import { Suspense, useState } from 'react';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import { useLogout } from '../../features/auth/api/logout';
import { selectUserEmail } from '../../features/auth/session.slice';
import { t } from '../../shared/i18n/translate';
import { initialOf } from '../../shared/lib/color-from-name';
import { lazyPage } from '../lazy-page';
import styles from './app-layout.module.css';

// The dialog (a form and its modal) loads when first opened, not with every page.
const KeypairDialog = lazyPage(() =>
  import('../../features/keypair/keypair-dialog').then((m) => m.KeypairDialog),
);

const routes: Record<string, string> = {
  notifications: '/notifications',
  billing: '/billing',
  support: '/support',
  'api-keys': '/api-key',
};

/** Avatar and e-mail; opens Notifications, Billing, Support, API keys, Keypair and Logout. */
export function AccountMenu() {
  const email = useSelector(selectUserEmail);
  const navigate = useNavigate();
  const logout = useLogout();
  const [keypairOpen, setKeypairOpen] = useState(false);
  // Once opened it stays mounted, so it closes with its animation.
  const [keypairLoaded, setKeypairLoaded] = useState(false);

  const items: MenuProps['items'] = [
    {
      key: 'account',
      type: 'group',
      label: <span className={styles.accountEmail}>{email || t('menu.account')}</span>,
    },
    { key: 'notifications', icon: <BellOutlined aria-hidden />, label: t('account.notifications') },
    { key: 'billing', icon: <CreditCardOutlined aria-hidden />, label: t('account.billing') },
    { key: 'support', icon: <CustomerServiceOutlined aria-hidden />, label: t('account.support') },
    { key: 'api-keys', icon: <KeyOutlined aria-hidden />, label: t('account.apiKeys') },
    { key: 'keypair', icon: <LockOutlined aria-hidden />, label: t('account.keypair') },
    { type: 'divider' },
    {
      key: 'logout',
      icon: <LogoutOutlined aria-hidden />,
      label: t('account.logout'),
      danger: true,
    },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'keypair') {
      setKeypairLoaded(true);
      setKeypairOpen(true);
    } else if (key === 'logout') void logout();
    else if (routes[key]) void navigate(routes[key]);
  };

  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
        <button type="button" className={styles.accountTrigger} aria-label={t('account.trigger')}>
          <Avatar size={30} className={styles.accountAvatar}>
            {initialOf(email)}
          </Avatar>
          <span className={styles.accountLabel}>{email}</span>
          <DownOutlined aria-hidden className={styles.accountCaret} />
        </button>
      </Dropdown>
      {keypairLoaded ? (
        <Suspense fallback={null}>
          <KeypairDialog open={keypairOpen} onClose={() => setKeypairOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
