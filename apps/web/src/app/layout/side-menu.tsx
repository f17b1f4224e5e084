import ClusterOutlined from '@ant-design/icons-svg/es/asn/ClusterOutlined';
import GlobalOutlined from '@ant-design/icons-svg/es/asn/GlobalOutlined';
import HomeOutlined from '@ant-design/icons-svg/es/asn/HomeOutlined';
import LeftOutlined from '@ant-design/icons-svg/es/asn/LeftOutlined';
import RightOutlined from '@ant-design/icons-svg/es/asn/RightOutlined';
import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link, useLocation } from 'react-router';
import { SvgIcon } from '../../shared/components/svg-icon';
import { t } from '../../shared/i18n/translate';
import { selectSiderCollapsed, siderCollapsedChanged } from '../../shared/store/ui.slice';
import { selectedMenuKey } from './selected-menu-key';
import styles from './app-layout.module.css';

const links = [
  { key: 'home', to: '/home', icon: HomeOutlined, label: () => t('menu.home') },
  { key: 'clusters', to: '/clusters', icon: ClusterOutlined, label: () => t('menu.clusters') },
  { key: 'domain', to: '/domain', icon: GlobalOutlined, label: () => t('menu.domains') },
];

// design.md's "lg" breakpoint: narrower windows start with the menu folded to its icons.
const narrowWindow = '(max-width: 991.98px)';

/** Folds the menu when the window becomes narrow and unfolds it when it widens again. */
function useFoldOnNarrowWindow() {
  const dispatch = useDispatch();
  useEffect(() => {
    const query = window.matchMedia?.(narrowWindow);
    if (!query) return;
    dispatch(siderCollapsedChanged(query.matches));
    const onChange = (event: MediaQueryListEvent) => dispatch(siderCollapsedChanged(event.matches));
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [dispatch]);
}

/** The left navigation, collapsible to icons. */
export function SideMenu() {
  const dispatch = useDispatch();
  const collapsed = useSelector(selectSiderCollapsed);
  const selected = selectedMenuKey(useLocation().pathname);
  useFoldOnNarrowWindow();

  return (
    <aside className={collapsed ? `${styles.sider} ${styles.siderCollapsed}` : styles.sider}>
      <nav aria-label={t('menu.main')} className={styles.menu}>
        <ul>
          {links.map((link) => (
            <li key={link.key}>
              <Link
                to={link.to}
                className={styles.menuLink}
                aria-current={link.key === selected ? 'page' : undefined}
                title={collapsed ? link.label() : undefined}
              >
                <SvgIcon icon={link.icon} className={styles.menuIcon} />
                <span className={styles.menuLabel}>{link.label()}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <button
        type="button"
        className={styles.siderTrigger}
        aria-label={collapsed ? t('menu.expand') : t('menu.collapse')}
        aria-expanded={!collapsed}
        onClick={() => dispatch(siderCollapsedChanged(!collapsed))}
      >
        <SvgIcon icon={collapsed ? RightOutlined : LeftOutlined} />
      </button>
    </aside>
  );
}
