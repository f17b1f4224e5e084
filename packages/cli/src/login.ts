import { createdApiKeySchema } from '@meridian/domain/auth/api-key';
import { loginResultSchema } from '@meridian/domain/auth/login-result';
import os from 'node:os';
import { z } from 'zod';
import { meridianApi } from './meridian-api';
import { saveSettings, type Settings } from './settings';

export interface LoginOptions {
  url: string;
  apiKey?: string;
  userId?: string;
  username?: string;
  /** Read from stdin (`--password-stdin`) or MERIDIAN_PASSWORD, never from the command line. */
  password?: string;
}

/**
 * Stores where Meridian is and an API key for it. Given a key, it is checked first; given a
 * username and password, they sign in once and make a key named after this machine, which is
 * what is stored (the password never is).
 */
export async function login(options: LoginOptions): Promise<{ file: string; settings: Settings }> {
  const url = new URL(options.url).origin;
  const settings =
    options.apiKey && options.userId
      ? { url, apiKey: options.apiKey, userId: options.userId }
      : await keyFromPassword(url, options);
  // One call with the key proves it works before it is kept.
  await meridianApi(settings)('/meridian/v1/kube/apps', { schema: z.array(z.unknown()) });
  return { file: await saveSettings(settings), settings };
}

async function keyFromPassword(
  url: string,
  { username, password }: LoginOptions,
): Promise<Settings> {
  if (!username || !password) {
    throw new Error('Give --api-key with --user-id, or --username with the password on stdin.');
  }
  const anonymous = meridianApi({ url, apiKey: '-', userId: '-' }, {});
  const session = await anonymous('/auth/login', {
    method: 'POST',
    body: { username, password },
    schema: loginResultSchema,
  });
  const signedIn = meridianApi(
    { url, apiKey: '-', userId: session.userId },
    { authorization: `Bearer ${session.token}`, 'x-user-id': session.userId },
  );
  const stamp = new Date().toISOString().slice(0, 16).replace(/[-:T]/g, '');
  const created = await signedIn('/auth/api_key', {
    method: 'POST',
    body: { name: `meridian-cli-${os.hostname()}-${stamp}`.slice(0, 50) },
    schema: createdApiKeySchema,
  });
  await signedIn('/auth/logout', { method: 'POST', schema: z.unknown() });
  return { url, apiKey: created.key, userId: session.userId };
}
