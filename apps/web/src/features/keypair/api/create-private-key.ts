import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';

export interface KeypairCredentials {
  username: string;
  password: string;
}

/**
 * POST /auth/users/private_key: the private key, after the user re-entered their credentials.
 * Wrong credentials here are a failed verification, not the end of the session.
 */
export async function postPrivateKey(credentials: KeypairCredentials): Promise<string> {
  const data = await apiClient.post<{ private_key?: unknown }>(
    `${apiPaths.auth}/users/private_key`,
    { username: credentials.username.trim(), password: credentials.password },
    { expireSessionOnUnauthorized: false },
  );
  if (typeof data?.private_key !== 'string') throw new Error('No private key in the response');
  return data.private_key;
}

export function useCreatePrivateKey() {
  return useMutation({ mutationFn: postPrivateKey });
}
