import { createHash, randomBytes } from 'node:crypto';
import {
  apiKeyPrefix,
  type ApiKeyList,
  type CreateApiKeyInput,
  type CreatedApiKey,
} from '@meridian/domain/auth/api-key';
import { ConflictError, NotFoundError, UnauthorizedError } from '../../../platform/http/errors';
import { deleteApiKey, findApiKeyByHash, insertApiKey, listApiKeys } from './api-key.queries';
import type { Authentication } from '../../../platform/http/authenticate';
import { toAuthenticatedUser } from '../auth/auth.service';
import { findUserById } from '../auth/auth.queries';
import type { AccountContext } from '../account-context';

export const duplicateApiKeyMessage = 'An API key with this name already exists';

// `mk_` then 32 random bytes in base64url.
const keyPattern = /^mk_[A-Za-z0-9_-]{43}$/;

/** The user's keys, newest first: names and dates only. */
export async function listUserApiKeys(
  context: Pick<AccountContext, 'db'>,
  userId: string,
): Promise<ApiKeyList> {
  const rows = await listApiKeys(context.db, userId);
  return {
    keys: rows.map((row) => ({ name: row.name, created_at: row.createdAt.toISOString() })),
  };
}

/** Issues a new key; its value is returned this once and only its hash is kept. */
export async function createApiKey(
  context: Pick<AccountContext, 'db'>,
  userId: string,
  { name }: CreateApiKeyInput,
): Promise<CreatedApiKey> {
  const key = apiKeyPrefix + randomBytes(32).toString('base64url');
  const row = await insertApiKey(context.db, { userId, name, keyHash: hashApiKey(key) });
  if (!row) throw new ConflictError(duplicateApiKeyMessage);
  return { name: row.name, key };
}

/** Revoking deletes the key, so the next request carrying it is refused. */
export async function revokeApiKey(
  context: Pick<AccountContext, 'db'>,
  userId: string,
  name: string,
): Promise<void> {
  if (!(await deleteApiKey(context.db, userId, name))) {
    throw new NotFoundError('API key not found');
  }
}

/** Resolves `Authorization: ApiKey <key>`; throws UnauthorizedError for unknown or revoked keys. */
export async function authenticateApiKey(
  context: Pick<AccountContext, 'db'>,
  key: string,
): Promise<Authentication> {
  if (!keyPattern.test(key)) throw new UnauthorizedError();
  const found = await findApiKeyByHash(context.db, hashApiKey(key));
  const user = found && (await findUserById(context.db, found.userId));
  if (!found || !user) throw new UnauthorizedError();
  return {
    user: toAuthenticatedUser(user),
    credential: { kind: 'apiKey', keyId: found.id, keyName: found.name },
  };
}

/**
 * SHA-256, hex. Keys are 32 random bytes, so there is nothing to guess and a fast hash is
 * the right choice: a slow password hash would only add latency to every CI/CD call.
 */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
