import { useSyncExternalStore } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { NotificationHost } from '../shared/notifications/notification-host';
import { localeRevision, subscribeLocale } from '../shared/i18n/locale';
import { ErrorBoundary } from './error-boundary';
import { AppRoutes } from './routes';
import type { AppStore } from './store';

/**
 * Providers of the whole console: notifications, session store, router. antd's theme, the query
 * cache and antd's App (modal and message hooks) come with the signed-in layout: /login needs none.
 * The declarative router, not the data router: /login's first load is half the size with it.
 */
export function App({ store }: { store: AppStore }) {
  // A new language renders every screen again, in it, keeping what is open (issue 40).
  useSyncExternalStore(subscribeLocale, localeRevision);
  return (
    <ErrorBoundary>
      <NotificationHost />
      <ReduxProvider store={store}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </ReduxProvider>
    </ErrorBoundary>
  );
}
