import type { LoginState } from '@meridian/domain/auth/login';

/**
 * The signed-in user's id. The session slice belongs to the auth feature, which features may not
 * import; its state shape is the domain's LoginState under the store's `session` key.
 */
export const selectUserId = (state: { session?: LoginState }) => state.session?.data.userId;
