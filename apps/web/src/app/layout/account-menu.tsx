import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useState, useSyncExternalStore } from 'react';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import { sessionQueryOptions } from '../../features/auth/api/get-session';
import { useLogout } from '../../features/auth/api/logout';
import { chooseLocale } from '../../features/auth/api/update-me';
import { currentLocale } from '../../shared/i18n/locale';
import {
  chooseColorScheme,
  colorSchemeChoice,
  nextColorSchemeChoice,
  subscribeColorScheme,
} from '../../shared/theme/color-scheme';
import { selectUserEmail } from '../../features/auth/session.slice';
import { t } from '../../shared/i18n/translate';
import { MenuButton } from '../../shared/components/menu-button';
import type { MenuEntry } from '../../shared/components/menu-button';
import { SvgIcon } from '../../shared/components/svg-icon';
import { initialOf } from '../../shared/lib/color-from-name';
import { lazyAntdPart } from '../lazy-page';
import styles from './app-layout.module.css';

// The dialog (a form and its modal) loads when first opened, not with every page.
const KeypairDialog = lazyAntdPart(() =>
  import('../../features/keypair/keypair-dialog').then((m) => m.KeypairDialog),
);

const RegistriesDialog = lazyAntdPart(() =>
  import('../../features/registries/registries-dialog').then((m) => m.RegistriesDialog),
);

const AccountSecurityDialog = lazyAntdPart(() =>
  import('../../features/account-security/account-security-dialog').then(
    (m) => m.AccountSecurityDialog,
  ),
);

const routes: Record<string, string> = {
  notifications: '/notifications',
  organizations: '/organizations',
  billing: '/billing',
  support: '/support',
  'api-keys': '/api-key',
  'notification-channels': '/notification-channels',
  audit: '/audit',
  users: '/users',
};

/** Avatar and e-mail; opens Notifications, Billing, Support, API keys, Keypair, Saved registries, Password and two-factor, Organisations, Audit log, Users (admins) and Logout. */
export function AccountMenu() {
  const email = useSelector(selectUserEmail);
  const navigate = useNavigate();
  const logout = useLogout();
  const [keypairOpen, setKeypairOpen] = useState(false);
  // Once opened it stays mounted, so it closes with its animation.
  const [keypairLoaded, setKeypairLoaded] = useState(false);
  const [registriesOpen, setRegistriesOpen] = useState(false);
  const [registriesLoaded, setRegistriesLoaded] = useState(false);
  const [securityOpen, setSecurityOpen] = useState(false);
  const [securityLoaded, setSecurityLoaded] = useState(false);

  const queryClient = useQueryClient();
  const isAdmin = useQuery(sessionQueryOptions()).data?.isAdmin === true;
  // The theme entry says the current choice.
  useSyncExternalStore(subscribeColorScheme, colorSchemeChoice);
  const [icons, setIcons] = useState<Readonly<Record<string, IconDefinition>>>();
  const loadIcons = () => {
    if (!icons) void import('./account-menu-icons').then((m) => setIcons(m.accountMenuIcons));
  };
  const entries = accountEntries(email, isAdmin).map((entry) =>
    entry.type === 'group' || entry.type === 'divider' || !icons
      ? entry
      : { ...entry, icon: icons[entry.key] },
  );

  const onSelect = (key: string) => {
    if (key === 'keypair') {
      setKeypairLoaded(true);
      setKeypairOpen(true);
    } else if (key === 'registries') {
      setRegistriesLoaded(true);
      setRegistriesOpen(true);
    } else if (key === 'security') {
      setSecurityLoaded(true);
      setSecurityOpen(true);
    } else if (key === 'theme') chooseColorScheme(nextColorSchemeChoice());
    else if (key === 'language') {
      // Messages the server wrote (notifications, reasons) come again in the new language.
      void chooseLocale(currentLocale() === 'en' ? 'fr-CA' : 'en').then(() =>
        queryClient.invalidateQueries(),
      );
    } else if (key === 'logout') void logout();
    else if (routes[key]) void navigate(routes[key]);
  };

  return (
    <>
      <MenuButton
        entries={entries}
        onSelect={onSelect}
        onOpenIntent={loadIcons}
        triggerClassName={styles.accountTrigger}
        label={t('account.trigger', { email })}
      >
        <span className={styles.accountAvatar} aria-hidden="true" data-initial={initialOf(email)} />
        <span className={styles.accountLabel}>{email}</span>
        <SvgIcon icon={DownOutlined} className={styles.accountCaret} />
      </MenuButton>
      {keypairLoaded ? (
        <Suspense fallback={null}>
          <KeypairDialog open={keypairOpen} onClose={() => setKeypairOpen(false)} />
        </Suspense>
      ) : null}
      {securityLoaded ? (
        <Suspense fallback={null}>
          <AccountSecurityDialog open={securityOpen} onClose={() => setSecurityOpen(false)} />
        </Suspense>
      ) : null}
      {registriesLoaded ? (
        <Suspense fallback={null}>
          <RegistriesDialog open={registriesOpen} onClose={() => setRegistriesOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The menu's entries, their icons added once loaded; Users only for an administrator of the installation. */
function accountEntries(email: string, isAdmin: boolean): MenuEntry[] {
  return [
    {
      key: 'account',
      type: 'group',
      label: <span className={styles.accountEmail}>{email || t('menu.account')}</span>,
    },
    { key: 'notifications', label: t('account.notifications') },
    { key: 'billing', label: t('account.billing') },
    { key: 'support', label: t('account.support') },
    { key: 'api-keys', label: t('account.apiKeys') },
    { key: 'notification-channels', label: t('account.notificationChannels') },
    { key: 'keypair', label: t('account.keypair') },
    { key: 'registries', label: t('account.registries') },
    { key: 'security', label: t('account.security') },
    // Not in the spec's list: after its entries, so theirs keep the spec's order.
    { key: 'organizations', label: t('account.organizations') },
    { key: 'audit', label: t('account.audit') },
    // The installation admin's, so shown to admins only (the server refuses anyone else).
    ...(isAdmin ? [{ key: 'users', label: t('account.users') }] : []),
    // Says the theme now; choosing it moves to the next (system → light → dark).
    {
      key: 'theme',
      label: t('account.theme', { choice: t(`account.theme.${colorSchemeChoice()}`) }),
    },
    // Named in the language it switches to, as readers of the other language look for it.
    {
      key: 'language',
      label: <span lang={currentLocale() === 'en' ? 'fr-CA' : 'en'}>{t('account.language')}</span>,
    },
    { key: 'divider', type: 'divider' },
    { key: 'logout', label: t('account.logout'), danger: true },
  ];
}
