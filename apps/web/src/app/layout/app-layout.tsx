import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider, Layout, Skeleton } from 'antd';
import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { useSessionCheck } from '../../features/auth/api/get-session';
import { notificationPlacement } from '../../shared/notifications/notify';
import { theme } from '../../shared/theme/antd-theme';
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
    <div className={styles.contentSkeleton}>
      <Skeleton active title={{ width: 220 }} paragraph={{ rows: 1, width: 420 }} />
      <Skeleton.Node active className={styles.cardSkeleton}>
        <span />
      </Skeleton.Node>
    </div>
  );
}

/** Header, left menu, central content and right sidebar (spec "Screens and routes", design.md). */
function SessionCheck() {
  useSessionCheck();
  return null;
}

export function AppLayout() {
  useEffect(() => () => queryClient.clear(), []);

  return (
    <ConfigProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <SessionCheck />
        <RealtimeEvents />
        <AntdApp notification={{ placement: notificationPlacement }}>
          <DatacenterMapLayer />
          <Layout className={styles.shell}>
            <AppHeader />
            <Layout hasSider className={styles.body}>
              <SideMenu />
              <Layout.Content className={styles.content}>
                <Suspense fallback={<ContentSkeleton />}>
                  <Outlet />
                </Suspense>
              </Layout.Content>
              <RightSidebar />
            </Layout>
          </Layout>
          <CreateDrawers />
        </AntdApp>
      </QueryClientProvider>
    </ConfigProvider>
  );
}
