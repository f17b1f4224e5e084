import { statusResultSchema, type StatusResult } from '@meridian/domain/operation-result';
import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';
import { apiClient } from '../../../shared/api/api-client';
import { LOGIN_PATH } from '../../../shared/session/session-expiry';
import { apiPaths } from '../../../shared/api/api-paths';
import { removeStoredUser } from '../../../shared/session/user-storage';
import { sessionCleared } from '../session.slice';

/** POST /auth/logout revokes the token on the server. */
export function postLogout(): Promise<StatusResult> {
  return apiClient.post(`${apiPaths.auth}/logout`, undefined, {
    expireSessionOnUnauthorized: false,
    schema: statusResultSchema,
  });
}

/** Ends the session: server revocation (its failure ignored), empty state, no stored user, /login. */
export function useLogout() {
  const dispatch = useDispatch();
  const navigate = useNavigate();

  return useCallback(async () => {
    try {
      await postLogout();
    } catch {
      // The session ends on this device whatever the server answered.
    }
    removeStoredUser();
    dispatch(sessionCleared());
    await navigate(LOGIN_PATH, { replace: true });
  }, [dispatch, navigate]);
}
