import { createAsyncThunk } from '@reduxjs/toolkit';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import {
  loginResultSchema,
  type LoginInput,
  type LoginResult,
  type LoginState,
} from '@meridian/domain/auth/login';
import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import type { Location } from 'react-router';
import { apiClient, LOGIN_PATH } from '../../../shared/api/api-client';
import { isApiError } from '../../../shared/api/api-error';
import { apiPaths } from '../../../shared/api/api-paths';
import { t } from '../../../shared/i18n/translate';
import { notify } from '../../../shared/notifications/notify';
import { writeStoredUser } from '../../../shared/session/user-storage';

export const HOME_PATH = '/home';

/** POST /auth/login: the response is the login state's data. */
export function postLogin(input: LoginInput): Promise<LoginResult> {
  return apiClient.post(`${apiPaths.auth}/login`, input, { schema: loginResultSchema });
}

/** Why a login was refused when it was not the credentials: the server's words on waiting. */
interface LoginRefusal {
  tooManyAttempts: string;
}

/** Pending → fulfilled (stored to local storage) or rejected, as spec "States and transitions" describes. */
export const login = createAsyncThunk<LoginResult, LoginInput, { rejectValue: LoginRefusal }>(
  'session/login',
  async (input, { rejectWithValue }) => {
    try {
      const result = await postLogin(input);
      writeStoredUser({ userId: result.userId, userEmail: result.userEmail, token: result.token });
      return result;
    } catch (error) {
      // Throttled: say so with the time left, not as if the password were wrong.
      if (isApiError(error) && error.status === 429) {
        return rejectWithValue({ tooManyAttempts: error.message });
      }
      throw error;
    }
  },
);

type SessionDispatch = ThunkDispatch<{ session: LoginState }, unknown, UnknownAction>;

/** Where the private route says the user came from, if anywhere but /login. */
export function originPath(state: unknown): string | null {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  if (!from?.pathname || from.pathname === LOGIN_PATH) return null;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/** Logs in; on success leaves /login for the origin location or /home, on failure says so. */
export function useLogin() {
  const dispatch = useDispatch<SessionDispatch>();
  const navigate = useNavigate();
  const location = useLocation();

  return useCallback(
    async (values: LoginInput) => {
      const action = await dispatch(
        login({ username: values.username.trim(), password: values.password }),
      );
      if (login.fulfilled.match(action)) {
        if (location.pathname === LOGIN_PATH) {
          await navigate(originPath(location.state) ?? HOME_PATH, { replace: true });
        }
        return;
      }
      if (action.payload) {
        notify.error(action.payload.tooManyAttempts);
        return;
      }
      notify.error(t('login.failed.title'), t('login.failed.description'));
    },
    [dispatch, navigate, location],
  );
}
