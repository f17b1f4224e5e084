import {
  recoveryCodesSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
  type RecoveryCodes,
  type TwoFactorSetup,
} from '@meridian/domain/auth/account-security';
import { statusResultSchema, type StatusResult } from '@meridian/domain/operation-result';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';

const twoFactorQueryKey = ['two-factor'] as const;

/** GET /auth/2fa: whether logins ask for a code. */
export function useTwoFactorStatus() {
  return useQuery({
    queryKey: twoFactorQueryKey,
    queryFn: ({ signal }) =>
      apiClient.get(`${apiPaths.auth}/2fa`, { signal, schema: twoFactorStatusSchema }),
  });
}

/** POST /auth/2fa/setup: a new secret for the authenticator app. */
export function useSetUpTwoFactor() {
  return useMutation({
    mutationFn: (): Promise<TwoFactorSetup> =>
      apiClient.post(`${apiPaths.auth}/2fa/setup`, {}, { schema: twoFactorSetupSchema }),
  });
}

/** POST /auth/2fa/enable: answers the ten recovery codes, this once. */
export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string): Promise<RecoveryCodes> =>
      apiClient.post(`${apiPaths.auth}/2fa/enable`, { code }, { schema: recoveryCodesSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorQueryKey }),
  });
}

/** POST /auth/2fa/disable with the password and a code. */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { password: string; code: string }): Promise<StatusResult> =>
      apiClient.post(`${apiPaths.auth}/2fa/disable`, body, { schema: statusResultSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorQueryKey }),
  });
}
