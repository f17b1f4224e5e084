import type { Locale } from '@meridian/domain/i18n/locale';
import { sessionUserSchema, type SessionUser } from '@meridian/domain/auth/user';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { setLocale } from '../../../shared/i18n/locale';

/** PUT /auth/users/me: the language this user reads the console in, on every browser. */
export function putLocale(locale: Locale): Promise<SessionUser> {
  return apiClient.put(`${apiPaths.auth}/users/me`, { locale }, { schema: sessionUserSchema });
}

/**
 * Switches the console's language at once and remembers it for the account; the switch stands
 * even if the server could not store it (this browser remembers it meanwhile).
 */
export async function chooseLocale(locale: Locale): Promise<void> {
  void setLocale(locale);
  try {
    await putLocale(locale);
  } catch {
    // The API client has told the user; this browser keeps the choice.
  }
}
