import {
  adminUserPageSchema,
  adminUserSchema,
  type AdminUser,
} from '@meridian/domain/auth/user-admin';
import { userSchema, type CreateUserInput } from '@meridian/domain/auth/user';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';

export const usersQueryKey = ['users'] as const;
const pageSize = 200;

export function usersQueryOptions() {
  return queryOptions({
    queryKey: usersQueryKey,
    queryFn: ({ signal }) =>
      apiClient.get(`${apiPaths.auth}/users?limit=${pageSize}`, {
        signal,
        schema: adminUserPageSchema,
      }),
  });
}

export function useUsers() {
  return useQuery(usersQueryOptions());
}

/** Every change answers the user; the list is read again. */
function useUserChange<T>(send: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}

export function useCreateUser() {
  return useUserChange((input: CreateUserInput) =>
    apiClient.post(`${apiPaths.auth}/users`, input, { schema: userSchema }),
  );
}

export function useSetDisabled() {
  return useUserChange(({ user, disabled }: { user: AdminUser; disabled: boolean }) =>
    apiClient.put(
      `${apiPaths.auth}/users/${user.userId}`,
      { disabled },
      { schema: adminUserSchema },
    ),
  );
}

export function useResetPassword() {
  return useUserChange(({ user, password }: { user: AdminUser; password: string }) =>
    apiClient.post(
      `${apiPaths.auth}/users/${user.userId}/password`,
      { new_password: password },
      { schema: adminUserSchema },
    ),
  );
}
