import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { useSessionCheck } from '../../features/auth/api/get-session';
import { SkeletonBlock } from '../../shared/components/skeleton-block';
import { currentLocale, setLocale } from '../../shared/i18n/locale';
import { ActingAccountScope } from '../acting-account-scope';
import { createQueryClient } from '../query-client';
import { RealtimeEvents } from '../realtime-events';
import { AppHeader } from './app-header';
import styles from './app-layout.module.css';
import { CreateDrawers } from './create-drawers';
import { DatacenterMapLayer } from './datacenter-map-layer';
import { RightSidebar } from './right-sidebar';
import { SideMenu } from './side-menu';

// Server data belongs to the signed-in user: the cache lives with this layout and is emptied
// when the user leaves it (logout, expired session), so the next user starts clean.
const queryClient = createQueryClient();

function ContentSkeleton() {
  return (
    <div className={styles.contentSkeleton} aria-busy="true">
      <SkeletonBlock className={styles.titleSkeleton} />
      <SkeletonBlock className={styles.lineSkeleton} />
      <SkeletonBlock className={styles.cardSkeleton} />
    </div>
  );
}

/** Keeps the session honest, and follows the language the account chose on another browser. */
function SessionCheck() {
  const locale = useSessionCheck().data?.locale;
  useEffect(() => {
    if (locale && locale !== currentLocale()) void setLocale(locale);
  }, [locale]);
  return null;
}

/**
 * Header, left menu, central content and right sidebar (spec "Screens and routes", design.md).
 * Plain elements: antd loads with the pages that use it, not with the shell (lazyAntdPart).
 */
export function AppLayout() {
  useEffect(() => () => queryClient.clear(), []);

  return (
    <QueryClientProvider client={queryClient}>
      <SessionCheck />
      <RealtimeEvents />
      <ActingAccountScope>
        <div className={styles.shell}>
          <AppHeader />
          <div className={styles.body}>
            <SideMenu />
            <main className={styles.content}>
              <Suspense fallback={<ContentSkeleton />}>
                <Outlet />
              </Suspense>
            </main>
            <RightSidebar />
          </div>
        </div>
        {/* After the shell, so Tab reaches the header, menu and content before the map's markers. */}
        <DatacenterMapLayer />
        <CreateDrawers />
      </ActingAccountScope>
    </QueryClientProvider>
  );
}
