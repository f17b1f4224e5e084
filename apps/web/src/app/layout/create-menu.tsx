import {
  AppstoreAddOutlined,
  ClusterOutlined,
  DownOutlined,
  GlobalOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import type { MenuProps } from 'antd';
import { useDispatch } from 'react-redux';
import { t } from '../../shared/i18n/translate';
import { createDrawerOpened } from '../../shared/store/ui.slice';
import type { CreateDrawerKind } from '../../shared/store/ui.slice';
import styles from './app-layout.module.css';

const items: MenuProps['items'] = [
  { key: 'cluster', icon: <ClusterOutlined aria-hidden />, label: t('create.cluster') },
  { key: 'app', icon: <AppstoreAddOutlined aria-hidden />, label: t('create.app') },
  { key: 'domain', icon: <GlobalOutlined aria-hidden />, label: t('create.domain') },
];

/** The Create button: Cluster, App or Domain, each in its drawer. */
export function CreateMenu() {
  const dispatch = useDispatch();
  return (
    <Dropdown
      menu={{
        items,
        onClick: ({ key }) => dispatch(createDrawerOpened(key as CreateDrawerKind)),
      }}
      trigger={['click']}
      placement="bottom"
    >
      <Button type="primary" block size="large" className={styles.createButton}>
        <PlusOutlined aria-hidden />
        <span className={styles.createLabel}>{t('create.button')}</span>
        <DownOutlined aria-hidden className={styles.createCaret} />
      </Button>
    </Dropdown>
  );
}
