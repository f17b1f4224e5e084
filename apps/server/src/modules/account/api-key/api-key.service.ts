import { createHash, randomBytes } from 'node:crypto';
import {
  apiKeyPrefix,
  type ApiKeyList,
  type CreateApiKeyInput,
  type CreatedApiKey,
} from '@meridian/domain/auth/api-key';
import {
  BadRequestError,
  ConflictError,
  NotFoundError,
  UnauthorizedError,
} from '../../../platform/http/errors';
import {
  deleteApiKey,
  findApiKeyByHash,
  insertApiKey,
  listApiKeys,
  touchApiKey,
} from './api-key.queries';
import { membershipsOf } from '../organization/organization.queries';
import type { Authentication } from '../../../platform/http/authenticate';
import { toAuthenticatedUser } from '../auth/auth.service';
import { findUserById } from '../auth/auth.queries';
import type { AccountContext } from '../account-context';
import { userAdminMessages } from '@meridian/domain/auth/user-admin';

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
    keys: rows.map((row) => ({
      name: row.name,
      created_at: row.createdAt.toISOString(),
      scopes: row.scopes,
      expires_at: row.expiresAt?.toISOString() ?? null,
      last_used_at: row.lastUsedAt?.toISOString() ?? null,
      organization_uuid: row.organizationId,
    })),
  };
}

export const notAMemberMessage = 'You are not a member of this organisation';
export const pastExpiryMessage = 'The expiry must be in the future';

/** Issues a new key; its value is returned this once and only its hash is kept. */
export async function createApiKey(
  context: Pick<AccountContext, 'db' | 'now'>,
  userId: string,
  { name, scopes = [], expires_at, organization_uuid }: CreateApiKeyInput,
): Promise<CreatedApiKey> {
  const expiresAt = expires_at === undefined ? null : new Date(expires_at);
  if (expiresAt && expiresAt <= context.now()) throw new BadRequestError(pastExpiryMessage);
  if (organization_uuid) {
    const memberships = await membershipsOf(context.db, userId);
    if (!memberships.some((organization) => organization.id === organization_uuid)) {
      throw new BadRequestError(notAMemberMessage);
    }
  }
  const key = apiKeyPrefix + randomBytes(32).toString('base64url');
  const row = await insertApiKey(context.db, {
    userId,
    name,
    keyHash: hashApiKey(key),
    scopes: [...new Set(scopes)],
    expiresAt,
    organizationId: organization_uuid ?? null,
  });
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

/**
 * Resolves `Authorization: ApiKey <key>`; throws UnauthorizedError for unknown, revoked or
 * expired keys. Its scopes are enforced by the authentication hook, per route.
 */
export async function authenticateApiKey(
  context: Pick<AccountContext, 'db' | 'now'>,
  key: string,
): Promise<Authentication> {
  if (!keyPattern.test(key)) throw new UnauthorizedError();
  const found = await findApiKeyByHash(context.db, hashApiKey(key));
  const user = found && (await findUserById(context.db, found.userId));
  if (!found || !user) throw new UnauthorizedError();
  if (user.disabledAt) throw new UnauthorizedError(userAdminMessages.disabled);
  const at = context.now();
  if (found.expiresAt && found.expiresAt <= at) {
    throw new UnauthorizedError(
      `This API key expired on ${found.expiresAt.toISOString()}; create a new one on the API keys page`,
    );
  }
  // The row read above says when it was last written, so most requests write nothing.
  if (!found.lastUsedAt || at.getTime() - found.lastUsedAt.getTime() >= 60_000) {
    await touchApiKey(context.db, found.id, at);
  }
  return {
    user: toAuthenticatedUser(user),
    credential: {
      kind: 'apiKey',
      keyId: found.id,
      keyName: found.name,
      scopes: found.scopes,
      organizationId: found.organizationId,
    },
  };
}

/**
 * SHA-256, hex. Keys are 32 random bytes, so there is nothing to guess and a fast hash is
 * the right choice: a slow password hash would only add latency to every CI/CD call.
 */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
