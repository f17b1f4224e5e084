import { randomBytes } from 'node:crypto';
import type { Database } from '../../../platform/db/database';
import { countUsers, insertUser } from './auth.queries';
import { commonPasswordMessage, hashPassword, isCommonPassword } from './password';

/** MERIDIAN_ADMIN_PASSWORD is one of the most common passwords: start refuses it. */
export class CommonAdminPasswordError extends Error {
  constructor() {
    super(`MERIDIAN_ADMIN_PASSWORD: ${commonPasswordMessage}`);
    this.name = 'CommonAdminPasswordError';
  }
}

export interface AdminSettings {
  username: string;
  /** Unset: a random password is generated and returned to be shown once. */
  password?: string;
  /** Unset: `<username>@localhost`. */
  email?: string;
}

export type AdminBootstrapResult =
  { created: false } | { created: true; username: string; generatedPassword?: string };

/**
 * Creates the first account, an admin, when the database has no users: the product has no
 * sign-up, so without it nobody could log in to create the others.
 */
export async function bootstrapAdmin(
  db: Database,
  admin: AdminSettings,
): Promise<AdminBootstrapResult> {
  if ((await countUsers(db)) > 0) return { created: false };
  if (admin.password !== undefined && (await isCommonPassword(admin.password))) {
    throw new CommonAdminPasswordError();
  }

  const password = admin.password ?? randomBytes(18).toString('base64url');
  const user = await insertUser(db, {
    username: admin.username,
    email: admin.email ?? `${admin.username}@localhost`,
    passwordHash: await hashPassword(password),
    isAdmin: true,
  });
  // Another process starting on the same PostgreSQL may have created it first.
  if (!user) return { created: false };
  return {
    created: true,
    username: user.username,
    generatedPassword: admin.password === undefined ? password : undefined,
  };
}
