import { loginResultSchema, type LoginResult } from '@meridian/domain/auth/login-result';
import { USER_STORAGE_KEY } from './user-storage-key';

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
