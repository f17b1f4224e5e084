import AppstoreAddOutlined from '@ant-design/icons-svg/es/asn/AppstoreAddOutlined';
import ClusterOutlined from '@ant-design/icons-svg/es/asn/ClusterOutlined';
import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import GlobalOutlined from '@ant-design/icons-svg/es/asn/GlobalOutlined';
import PlusOutlined from '@ant-design/icons-svg/es/asn/PlusOutlined';
import { useDispatch } from 'react-redux';
import { MenuButton } from '../../shared/components/menu-button';
import type { MenuEntry } from '../../shared/components/menu-button';
import { SvgIcon } from '../../shared/components/svg-icon';
import { t } from '../../shared/i18n/translate';
import { useActingRole } from '../../shared/session/acting-role';
import { createDrawerOpened } from '../../shared/store/ui.slice';
import { createDrawerKinds } from '../../shared/store/ui.slice';
import styles from './app-layout.module.css';

/** The Create button: Cluster, App or Domain, each in its drawer; creating needs the admin role. */
export function CreateMenu() {
  const dispatch = useDispatch();
  const disabledReason = useActingRole().refusal('admin');
  const entries: MenuEntry[] = [
    { key: 'cluster', icon: ClusterOutlined, label: t('create.cluster'), disabledReason },
    { key: 'app', icon: AppstoreAddOutlined, label: t('create.app'), disabledReason },
    { key: 'domain', icon: GlobalOutlined, label: t('create.domain'), disabledReason },
  ];
  const onSelect = (key: string) => {
    const kind = createDrawerKinds.find((candidate) => candidate === key);
    if (kind) dispatch(createDrawerOpened(kind));
  };
  return (
    <MenuButton
      entries={entries}
      onSelect={onSelect}
      className={styles.createMenu}
      triggerClassName={styles.createButton}
      align="stretch"
    >
      <SvgIcon icon={PlusOutlined} />
      <span className={styles.createLabel}>{t('create.button')}</span>
      <SvgIcon icon={DownOutlined} className={styles.createCaret} />
    </MenuButton>
  );
}
