/** The one local-storage key holding the signed-in user (the login state's data). */
export const USER_STORAGE_KEY = 'meridian.user';

/** Whether a user is stored; reading one needs its schema, which the login page does not load. */
export function hasStoredUser(): boolean {
  try {
    return window.localStorage.getItem(USER_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}
