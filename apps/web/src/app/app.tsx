import { ConfigProvider } from 'antd';
import { Provider as ReduxProvider } from 'react-redux';
import { RouterProvider } from 'react-router';
import type { DataRouter } from 'react-router';
import { NotificationBridge } from '../shared/notifications/notification-bridge';
import { ErrorBoundary } from './error-boundary';
import type { AppStore } from './store';
import { theme } from './theme';

/**
 * Providers of the whole console: theme, notifications, session store, router. The signed-in
 * layout adds the query cache and antd's App (modal and message hooks), which /login never needs.
 */
export function App({ store, router }: { store: AppStore; router: DataRouter }) {
  return (
    <ConfigProvider theme={theme}>
      <ErrorBoundary>
        <NotificationBridge />
        <ReduxProvider store={store}>
          <RouterProvider router={router} />
        </ReduxProvider>
      </ErrorBoundary>
    </ConfigProvider>
  );
}
