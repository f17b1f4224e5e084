import {
  privateKeyResultSchema,
  type KeypairVerificationInput,
} from '@meridian/domain/auth/keypair';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';

export type KeypairCredentials = KeypairVerificationInput;

/**
 * POST /auth/users/private_key: the private key, after the user re-entered their credentials.
 * Wrong credentials here are a failed verification, not the end of the session.
 */
export async function postPrivateKey(credentials: KeypairCredentials): Promise<string> {
  const { private_key } = await apiClient.post(
    `${apiPaths.auth}/users/private_key`,
    { username: credentials.username.trim(), password: credentials.password },
    { expireSessionOnUnauthorized: false, schema: privateKeyResultSchema },
  );
  return private_key;
}

export function useCreatePrivateKey() {
  return useMutation({ mutationFn: postPrivateKey });
}
