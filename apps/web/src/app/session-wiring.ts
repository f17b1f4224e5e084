import type { DataRouter } from 'react-router';
import { sessionCleared, sessionRestored } from '../features/auth/session.slice';
import { LOGIN_PATH, setSessionExpiredHandler } from '../shared/api/api-client';
import { USER_STORAGE_KEY } from '../shared/session/user-storage';
import type { AppStore } from './store';

export type AppRouter = Pick<DataRouter, 'navigate' | 'state'>;

/**
 * Connects the session to the outside world: a 401 (the api client already told the user and
 * dropped the stored user) empties the state and routes to /login; another tab's login or
 * logout is followed here.
 */
export function wireSession(store: AppStore, router: AppRouter): () => void {
  setSessionExpiredHandler(() => {
    store.dispatch(sessionCleared());
    void router.navigate(LOGIN_PATH, { replace: true, state: { from: router.state.location } });
  });

  const onStorage = (event: StorageEvent) => {
    if (event.key === USER_STORAGE_KEY || event.key === null) store.dispatch(sessionRestored());
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
