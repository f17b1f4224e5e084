import { configureStore } from '@reduxjs/toolkit';
import type { LoginResult } from '@meridian/domain/auth/login-result';
import { loginStateFor, sessionReducer } from '../features/auth/session.slice';
import { uiReducer } from '../shared/store/ui.slice';

/**
 * Redux holds only the session and UI state; server data lives in the query cache. The session
 * starts as the user local storage held at start-up (spec "Entities and their fields").
 */
export function createAppStore(storedUser: LoginResult | null = null) {
  return configureStore({
    reducer: { session: sessionReducer, ui: uiReducer },
    preloadedState: { session: loginStateFor(storedUser) },
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
