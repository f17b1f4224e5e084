import type { LoginInput } from '@meridian/domain/auth/login';
import { loginResultSchema, type LoginResult } from '@meridian/domain/auth/login-result';
import { apiClient } from '../../../shared/api/api-client';
import { isApiError } from '../../../shared/api/api-error';
import { apiPaths } from '../../../shared/api/api-paths';
import { writeStoredUser } from '../../../shared/session/user-storage';

/** POST /auth/login: the response is the login state's data. */
export function postLogin(input: LoginInput): Promise<LoginResult> {
  return apiClient.post(`${apiPaths.auth}/login`, input, { schema: loginResultSchema });
}

/** A login the server throttled (its words on how long to wait), or one that wants a code. */
export interface LoginRefusal {
  refusal: 'tooManyAttempts' | 'codeRequired';
  message: string;
}

/** Logs in and stores the user; a throttled attempt is a refusal, any other failure throws. */
export async function requestLogin(input: LoginInput): Promise<LoginResult | LoginRefusal> {
  try {
    const result = await postLogin(input);
    writeStoredUser({ userId: result.userId, userEmail: result.userEmail, token: result.token });
    return result;
  } catch (error) {
    // Throttled: say so with the time left, not as if the password were wrong.
    if (isApiError(error) && error.status === 429) {
      return { refusal: 'tooManyAttempts', message: error.message };
    }
    // The password was right: the form asks for the authenticator app's code (or a wrong one's).
    if (isApiError(error) && error.twoFactorRequired) {
      return { refusal: 'codeRequired', message: error.message };
    }
    throw error;
  }
}
