import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { LoginState } from '@meridian/domain/auth/login';
import type { LoginResult } from '@meridian/domain/auth/login-result';
import { login } from './api/login';

export const emptyLoginState: LoginState = {
  isPending: false,
  isFulFilled: false,
  isRejected: false,
  data: {},
};

/** Spec "Entities and their fields": the login state of a user read from local storage. */
export function loginStateFor(user: LoginResult | null): LoginState {
  return user ? { ...emptyLoginState, isFulFilled: true, data: user } : emptyLoginState;
}

const sessionSlice = createSlice({
  name: 'session',
  initialState: emptyLoginState,
  reducers: {
    /** Logout and session expiry: back to empty data. */
    sessionCleared: () => emptyLoginState,
    /** Another tab changed the stored user: this is what it stored now. */
    sessionRestored: (_state, action: PayloadAction<LoginResult | null>) =>
      loginStateFor(action.payload),
  },
  extraReducers: (builder) => {
    builder
      .addCase(login.pending, (state) => {
        state.isPending = true;
        state.isRejected = false;
      })
      .addCase(login.fulfilled, (_state, action) => ({
        isPending: false,
        isFulFilled: true,
        isRejected: false,
        data: action.payload,
      }))
      .addCase(login.rejected, () => ({ ...emptyLoginState, isRejected: true }));
  },
});

export const { sessionCleared, sessionRestored } = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;

export interface SessionRootState {
  session: LoginState;
}

export const selectSession = (state: SessionRootState) => state.session;
export const selectIsAuthenticated = (state: SessionRootState) => Boolean(state.session.data.token);
export const selectUserEmail = (state: SessionRootState) => state.session.data.userEmail ?? '';
export const selectLoginPending = (state: SessionRootState) => state.session.isPending;
