import { configureStore } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { USER_STORAGE_KEY } from '../../shared/session/user-storage-key';
import { readStoredUser } from '../../shared/session/user-storage';
import { login } from './api/login';
import {
  emptyLoginState,
  loginStateFor,
  selectIsAuthenticated,
  sessionCleared,
  sessionReducer,
} from './session.slice';

const user = { userId: 'u-1', userEmail: 'ada@example.ca', token: 'tok-1' };

function makeStore() {
  return configureStore({ reducer: { session: sessionReducer } });
}

describe('session slice', () => {
  it('starts empty without a stored user', () => {
    expect(makeStore().getState().session).toEqual(emptyLoginState);
  });

  it('restores the stored user at start-up', () => {
    window.localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
    const store = configureStore({
      reducer: { session: sessionReducer },
      preloadedState: { session: loginStateFor(readStoredUser()) },
    });
    expect(store.getState().session).toEqual({
      isPending: false,
      isFulFilled: true,
      isRejected: false,
      data: user,
    });
    expect(selectIsAuthenticated(store.getState())).toBe(true);
  });

  it('ignores an unreadable stored user', () => {
    window.localStorage.setItem(USER_STORAGE_KEY, '{not json');
    expect(loginStateFor(readStoredUser())).toEqual(emptyLoginState);
    window.localStorage.setItem(USER_STORAGE_KEY, JSON.stringify({ userId: 'u' }));
    expect(loginStateFor(readStoredUser())).toEqual(emptyLoginState);
  });

  it('follows the login request: pending, fulfilled, rejected', () => {
    const pending = sessionReducer(
      emptyLoginState,
      login.pending('r', { username: 'a', password: 'b' }),
    );
    expect(pending.isPending).toBe(true);
    const fulfilled = sessionReducer(
      pending,
      login.fulfilled(user, 'r', { username: 'a', password: 'b' }),
    );
    expect(fulfilled).toEqual({
      isPending: false,
      isFulFilled: true,
      isRejected: false,
      data: user,
    });
    const rejected = sessionReducer(
      pending,
      login.rejected(new Error('no'), 'r', { username: 'a', password: 'b' }),
    );
    expect(rejected).toEqual({ ...emptyLoginState, isRejected: true });
  });

  it('logout clears the state to empty data', () => {
    window.localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
    const store = makeStore();
    store.dispatch(sessionCleared());
    expect(store.getState().session).toEqual(emptyLoginState);
    expect(store.getState().session.data).toEqual({});
    expect(selectIsAuthenticated(store.getState())).toBe(false);
  });
});
