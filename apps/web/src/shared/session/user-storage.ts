import type { LoginResult } from '@meridian/domain/auth/login';

/** The one local-storage key holding the signed-in user (the login state's data). */
export const USER_STORAGE_KEY = 'meridian.user';

function isLoginResult(value: unknown): value is LoginResult {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.userId === 'string' &&
    typeof record.userEmail === 'string' &&
    typeof record.token === 'string' &&
    record.token.length > 0
  );
}

/** The stored user, or null when absent, unreadable or malformed. */
export function readStoredUser(): LoginResult | null {
  try {
    const raw = window.localStorage.getItem(USER_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isLoginResult(parsed)
      ? { userId: parsed.userId, userEmail: parsed.userEmail, token: parsed.token }
      : null;
  } catch {
    return null;
  }
}

export function writeStoredUser(user: LoginResult): void {
  window.localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
}

export function removeStoredUser(): void {
  window.localStorage.removeItem(USER_STORAGE_KEY);
}
