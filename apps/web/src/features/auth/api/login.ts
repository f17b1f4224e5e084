import { createAsyncThunk } from '@reduxjs/toolkit';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { LoginInput, LoginState } from '@meridian/domain/auth/login';
import type { LoginResult } from '@meridian/domain/auth/login-result';
import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import type { Location } from 'react-router';
import { LOGIN_PATH } from '../../../shared/session/session-expiry';
import { t } from '../../../shared/i18n/translate';
import type { LoginRefusal } from './login-request';

export const HOME_PATH = '/home';

/** Pending → fulfilled (stored to local storage) or rejected, as spec "States and transitions" describes. */
export const login = createAsyncThunk<LoginResult, LoginInput, { rejectValue: LoginRefusal }>(
  'session/login',
  async (input, { rejectWithValue }) => {
    // The API client and the schemas come with the first attempt, not with the login page.
    const { requestLogin } = await import('./login-request');
    const outcome = await requestLogin(input);
    return 'refusal' in outcome ? rejectWithValue(outcome) : outcome;
  },
);

type SessionDispatch = ThunkDispatch<{ session: LoginState }, unknown, UnknownAction>;

/** Where the private route says the user came from, if anywhere but /login. */
export function originPath(state: unknown): string | null {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  if (!from?.pathname || from.pathname === LOGIN_PATH) return null;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/** Why a login failed, in the spec's words: shown under the form until the next attempt. */
export interface LoginFailure {
  title: string;
  description?: string;
  /** The password was right; the form should ask for a code from the authenticator app. */
  codeRequired?: boolean;
}

/**
 * Logs in; on success leaves /login for the origin location or /home and answers null, on failure
 * answers what to say.
 */
export function useLogin() {
  const dispatch = useDispatch<SessionDispatch>();
  const navigate = useNavigate();
  const location = useLocation();

  return useCallback(
    async (values: LoginInput): Promise<LoginFailure | null> => {
      const action = await dispatch(
        login({
          username: values.username.trim(),
          password: values.password,
          ...(values.code?.trim() ? { code: values.code.trim() } : {}),
        }),
      );
      if (login.fulfilled.match(action)) {
        if (location.pathname === LOGIN_PATH) {
          await navigate(originPath(location.state) ?? HOME_PATH, { replace: true });
        }
        return null;
      }
      if (action.payload) {
        const { refusal, message } = action.payload;
        return { title: message, codeRequired: refusal === 'codeRequired' };
      }
      return { title: t('login.failed.title'), description: t('login.failed.description') };
    },
    [dispatch, navigate, location],
  );
}
