import type { ChangePasswordInput } from '@meridian/domain/auth/account-security';
import { statusResultSchema, type StatusResult } from '@meridian/domain/operation-result';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';

/** PUT /auth/password: every other session of the user is signed out; this one stays. */
export function changePassword(body: ChangePasswordInput): Promise<StatusResult> {
  return apiClient.put(`${apiPaths.auth}/password`, body, { schema: statusResultSchema });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
