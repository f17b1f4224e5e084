import type { Database } from '../../../platform/db/database';
import type { UserRow } from '../../../platform/db/schema';
import { findUserById, findUserByUsername } from './auth.queries';

/** Users as the API-key, keypair and organisation modules read them: by id, or undefined once removed. */
export function userById(db: Database, userId: string): Promise<UserRow | undefined> {
  return findUserById(db, userId);
}

/** A user by username (any case), for adding them to an organisation. */
export function userByUsername(db: Database, username: string): Promise<UserRow | undefined> {
  return findUserByUsername(db, username);
}
