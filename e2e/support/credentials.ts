/** The admin the e2e server is started with (its first start creates this user). */
export const adminCredentials = { username: 'admin', password: 'e2e-admin-password-7f3a' } as const;

/** Mirrors the console's storage key; the e2e suite checks what a user's browser really holds. */
export const userStorageKey = 'meridian.user';
