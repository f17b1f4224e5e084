import { useSelector } from 'react-redux';
import { Outlet, useLocation } from 'react-router';
import { worldMapVariantForPath } from '../shared/components/world-map/map-variant';
import { WorldMap } from '../shared/components/world-map/world-map';
import { selectMapFocus, selectSiderCollapsed } from '../shared/store/ui.slice';
import styles from './root-layout.module.css';
import { useSessionWiring } from './session-wiring';

/**
 * The world map, rendered once behind everything: full screen on /login, behind the central
 * content elsewhere; the hero on /login, /home and /, receded on every other screen.
 */
export function RootLayout() {
  useSessionWiring();
  const { pathname } = useLocation();
  const collapsed = useSelector(selectSiderCollapsed);
  const focus = useSelector(selectMapFocus);
  const frame =
    pathname === '/login'
      ? styles.fullFrame
      : [styles.contentFrame, collapsed ? styles.collapsed : ''].join(' ');

  return (
    <>
      <WorldMap
        variant={worldMapVariantForPath(pathname)}
        focus={pathname === '/login' ? null : focus}
        className={[styles.backdrop, frame].join(' ')}
      />
      <Outlet />
    </>
  );
}
