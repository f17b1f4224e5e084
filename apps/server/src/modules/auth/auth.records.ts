import type { Database } from '../../platform/db/database';
import type { UserRow } from '../../platform/db/schema';
import { findUserById } from './auth.queries';

/** Users as the API-key and keypair modules read them: by id, or undefined once removed. */
export function userById(db: Database, userId: string): Promise<UserRow | undefined> {
  return findUserById(db, userId);
}
