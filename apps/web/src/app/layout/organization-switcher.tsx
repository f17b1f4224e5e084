import TeamOutlined from '@ant-design/icons-svg/es/asn/TeamOutlined';
import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import { useQueryClient } from '@tanstack/react-query';
import type { MenuEntry } from '../../shared/components/menu-button';
import { MenuButton } from '../../shared/components/menu-button';
import { SvgIcon } from '../../shared/components/svg-icon';
import { useOrganizations } from '../../shared/api/organizations-list';
import { t } from '../../shared/i18n/translate';
import { useActingOrganizationUuid } from '../../shared/session/acting-organization';
import { switchActingAccount } from '../acting-account-scope';
import styles from './app-layout.module.css';

const personalKey = 'personal';

/**
 * Personal or one of the user's organisations: lists, counters, the map and creations follow
 * the choice. Nothing to choose for a user in no organisation.
 */
export function OrganizationSwitcher() {
  const queryClient = useQueryClient();
  const acting = useActingOrganizationUuid();
  const organizations = useOrganizations().data ?? [];
  if (organizations.length === 0) return null;
  const current = organizations.find((entry) => entry.uuid === acting);
  const name = current?.name ?? t('acting.personal');

  const entries: MenuEntry[] = [
    { key: 'group', type: 'group', label: t('acting.group') },
    { key: personalKey, label: t('acting.personal') },
    ...organizations.map((entry) => ({
      key: entry.uuid,
      label: t('acting.entry', { name: entry.name, role: entry.role }),
    })),
  ];

  return (
    <MenuButton
      entries={entries}
      selectedKey={current?.uuid ?? personalKey}
      onSelect={(key) => switchActingAccount(queryClient, key === personalKey ? null : key)}
      triggerClassName={styles.switcherTrigger}
      label={t('acting.trigger', { name })}
    >
      <SvgIcon icon={TeamOutlined} />
      <span className={styles.accountLabel}>{name}</span>
      <SvgIcon icon={DownOutlined} className={styles.accountCaret} />
    </MenuButton>
  );
}
