import { loginResultSchema, type LoginResult } from '@meridian/domain/auth/login';

/** The one local-storage key holding the signed-in user (the login state's data). */
export const USER_STORAGE_KEY = 'meridian.user';

/** The stored user, or null when absent, unreadable or malformed. */
export function readStoredUser(): LoginResult | null {
  try {
    const raw = window.localStorage.getItem(USER_STORAGE_KEY);
    if (!raw) return null;
    const stored = loginResultSchema.safeParse(JSON.parse(raw));
    return stored.success && stored.data.token ? stored.data : null;
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
