import { Suspense } from 'react';
import { Navigate, useRoutes } from 'react-router';
import type { RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/login-page';
import { lazyAntdPart, lazyPage } from './lazy-page';
import { PrivateRoute } from './private-route';
import { RootLayout } from './root-layout';
import { ShellSkeleton } from './shell-skeleton';

// /login is in the first bundle; everything behind the private route loads on demand.
const AppLayout = lazyPage(() => import('./layout/app-layout').then((m) => m.AppLayout));
const HomePage = lazyPage(() => import('../features/home/home-page').then((m) => m.HomePage));
const ClustersPage = lazyAntdPart(() =>
  import('../features/clusters/clusters-page').then((m) => m.ClustersPage),
);
const AppDetailPage = lazyAntdPart(() =>
  import('../features/apps/app-detail-page').then((m) => m.AppDetailPage),
);
const NotificationChannelsPage = lazyAntdPart(() =>
  import('../features/notification-channels/notification-channels-page').then(
    (m) => m.NotificationChannelsPage,
  ),
);
const ApiKeysPage = lazyAntdPart(() =>
  import('../features/api-keys/api-keys-page').then((m) => m.ApiKeysPage),
);
const UsersPage = lazyAntdPart(() =>
  import('../features/users/users-page').then((m) => m.UsersPage),
);
const AuditPage = lazyAntdPart(() =>
  import('../features/audit/audit-page').then((m) => m.AuditPage),
);
const DomainsPage = lazyAntdPart(() =>
  import('../features/domains/domains-page').then((m) => m.DomainsPage),
);
const BillingPage = lazyAntdPart(() =>
  import('../features/billing/billing-page').then((m) => m.BillingPage),
);
const SupportPage = lazyAntdPart(() =>
  import('../features/support/support-page').then((m) => m.SupportPage),
);
const TermsPage = lazyAntdPart(() =>
  import('../features/terms/terms-page').then((m) => m.TermsPage),
);
const OrganizationsPage = lazyAntdPart(() =>
  import('../features/organizations/organizations-page').then((m) => m.OrganizationsPage),
);
const NotificationsPage = lazyAntdPart(() =>
  import('../features/notifications/notifications-page').then((m) => m.NotificationsPage),
);
const NameserversPage = lazyAntdPart(() =>
  import('../features/references/nameservers-page').then((m) => m.NameserversPage),
);
const ClusterIntegrationPage = lazyAntdPart(() =>
  import('../features/references/cluster-integration-page').then((m) => m.ClusterIntegrationPage),
);
const NotFoundPage = lazyAntdPart(() =>
  import('../features/not-found/not-found-page').then((m) => m.NotFoundPage),
);

/**
 * Every screen of spec "Screens and routes". Built at each render, so a new language reaches
 * every screen: elements made once would let React skip them (issue 40).
 */
export const appRoutes = (): RouteObject[] => [
  {
    element: <RootLayout />,
    children: [
      { path: '/login', element: <LoginPage /> },
      {
        element: <PrivateRoute />,
        children: [
          {
            element: (
              <Suspense fallback={<ShellSkeleton />}>
                <AppLayout />
              </Suspense>
            ),
            children: [
              { path: '/', element: <HomePage /> },
              { path: '/home', element: <HomePage /> },
              { path: '/clusters', element: <ClustersPage /> },
              { path: '/datacenters/:datacenterId', element: <ClustersPage /> },
              { path: '/apps/:appId', element: <AppDetailPage /> },
              { path: '/apps/:appId/:deploymentId', element: <AppDetailPage /> },
              { path: '/apps/:appId/terms-of-service', element: <TermsPage /> },
              { path: '/terms-of-services', element: <TermsPage /> },
              { path: '/api-key', element: <ApiKeysPage /> },
              { path: '/notification-channels', element: <NotificationChannelsPage /> },
              { path: '/audit', element: <AuditPage /> },
              { path: '/users', element: <UsersPage /> },
              { path: '/domain', element: <DomainsPage /> },
              { path: '/domains', element: <Navigate to="/domain" replace /> },
              { path: '/billing', element: <BillingPage /> },
              { path: '/support', element: <SupportPage /> },
              {
                path: '/support/smart-cluster/:jobUuid',
                element: <SupportPage jobKind="smart-cluster" />,
              },
              { path: '/support/app/:jobUuid', element: <SupportPage jobKind="app" /> },
              { path: '/support/cluster/:jobUuid', element: <SupportPage jobKind="cluster" /> },
              { path: '/notifications', element: <NotificationsPage /> },
              { path: '/organizations', element: <OrganizationsPage /> },
              { path: '/references/nameservers', element: <NameserversPage /> },
              { path: '/references/nameservers/:ref', element: <NameserversPage /> },
              { path: '/references/cluster-integration', element: <ClusterIntegrationPage /> },
              { path: '/404', element: <NotFoundPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

/** The console's screens, in the router App provides. */
export function AppRoutes() {
  return useRoutes(appRoutes());
}
