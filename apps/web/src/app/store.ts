import { configureStore } from '@reduxjs/toolkit';
import { sessionReducer } from '../features/auth/session.slice';
import { uiReducer } from '../shared/store/ui.slice';

/** Redux holds only the session and UI state; server data lives in the query cache. */
export function createAppStore() {
  return configureStore({ reducer: { session: sessionReducer, ui: uiReducer } });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
