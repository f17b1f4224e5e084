import { useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import type { Location, NavigateOptions } from 'react-router';
import { sessionCleared, sessionRestored } from '../features/auth/session.slice';
import { LOGIN_PATH, setSessionExpiredHandler } from '../shared/session/session-expiry';
import { USER_STORAGE_KEY } from '../shared/session/user-storage-key';
import type { AppStore } from './store';

/** What the session needs of the router: where the user is, and a way to send them elsewhere. */
export interface SessionNavigator {
  currentLocation(): Location;
  navigate(to: string, options: NavigateOptions): void;
}

/**
 * Connects the session to the outside world: a 401 (the api client already told the user and
 * dropped the stored user) empties the state and routes to /login; another tab's login or
 * logout is followed here.
 */
export function wireSession(store: Pick<AppStore, 'dispatch'>, router: SessionNavigator) {
  setSessionExpiredHandler(() => {
    store.dispatch(sessionCleared());
    router.navigate(LOGIN_PATH, { replace: true, state: { from: router.currentLocation() } });
  });

  const onStorage = (event: StorageEvent) => {
    if (event.key !== USER_STORAGE_KEY && event.key !== null) return;
    void import('../shared/session/user-storage').then(({ readStoredUser }) =>
      store.dispatch(sessionRestored(readStoredUser())),
    );
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/** Wires the session to the router it is rendered in, for as long as it is mounted. */
export function useSessionWiring(): void {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const locationRef = useRef(location);
  locationRef.current = location;

  useEffect(
    () =>
      wireSession(
        { dispatch },
        {
          currentLocation: () => locationRef.current,
          navigate: (to, options) => void navigate(to, options),
        },
      ),
    [dispatch, navigate],
  );
}
