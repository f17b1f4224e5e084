import { ClusterOutlined, GlobalOutlined, HomeOutlined } from '@ant-design/icons';
import { Layout, Menu } from 'antd';
import type { MenuProps } from 'antd';
import { useDispatch, useSelector } from 'react-redux';
import { Link, useLocation } from 'react-router';
import { t } from '../../shared/i18n/translate';
import { selectSiderCollapsed, siderCollapsedChanged } from '../../shared/store/ui.slice';
import { layoutSizes } from '../../shared/theme/palette';
import { selectedMenuKey } from './selected-menu-key';
import styles from './app-layout.module.css';

const items: MenuProps['items'] = [
  {
    key: 'home',
    icon: <HomeOutlined aria-hidden />,
    label: <Link to="/home">{t('menu.home')}</Link>,
  },
  {
    key: 'clusters',
    icon: <ClusterOutlined aria-hidden />,
    label: <Link to="/clusters">{t('menu.clusters')}</Link>,
  },
  {
    key: 'domain',
    icon: <GlobalOutlined aria-hidden />,
    label: <Link to="/domain">{t('menu.domains')}</Link>,
  },
];

/** The left navigation, collapsible to icons. */
export function SideMenu() {
  const dispatch = useDispatch();
  const collapsed = useSelector(selectSiderCollapsed);
  const { pathname } = useLocation();
  const selected = selectedMenuKey(pathname);

  return (
    <Layout.Sider
      theme="light"
      collapsible
      collapsed={collapsed}
      onCollapse={(value) => dispatch(siderCollapsedChanged(value))}
      breakpoint="lg"
      width={layoutSizes.siderWidth}
      collapsedWidth={layoutSizes.siderCollapsedWidth}
      className={styles.sider}
    >
      <nav aria-label={t('menu.main')}>
        <Menu
          mode="inline"
          items={items}
          selectedKeys={selected ? [selected] : []}
          className={styles.menu}
        />
      </nav>
    </Layout.Sider>
  );
}
