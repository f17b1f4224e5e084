import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { ActingAccount } from '../http/acting-account';
import type { Authentication } from '../http/authenticate';
import type { Database } from './database';
import { userRevisions } from './schema/platform';

/** Users whose values one cache keeps; the least recently used is dropped first. */
const defaultMaxUsers = 500;

/**
 * The user's revision (see `userRevisions`): it changes with anything of theirs a console list
 * shows, in any process, so a value built at an equal revision is still true.
 */
export async function userRevision(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ revision: userRevisions.revision })
    .from(userRevisions)
    .where(eq(userRevisions.userId, userId));
  return row?.revision ?? 0;
}

/**
 * Whose value is asked for, with their revision when this request already read it (the session
 * lookup does, in the same statement), which saves a read.
 */
export interface RevisionReader {
  userId: string;
  userRevision?: number;
}

/** A value built from a user's rows, for as long as their revision stays where it was. */
export interface PerUserRevisionCache<T> {
  /**
   * The user's value: the kept one while their revision is unchanged (one indexed read, unless
   * the reader brings it), else what `build` makes at that revision, kept in its place.
   */
  get(db: Database, reader: RevisionReader, build: (revision: number) => Promise<T>): Promise<T>;
}

/**
 * The request's reader: the account it acts in (http/acting-account.ts), with the revision read
 * with the credential when that account is the caller's own.
 */
export function revisionReaderOf(request: {
  authentication: Authentication;
  account: ActingAccount;
}): RevisionReader {
  const { authentication, account } = request;
  const own = account.id === authentication.user.id;
  return { userId: account.id, userRevision: own ? authentication.userRevision : undefined };
}

interface Entry<T> {
  revision: number;
  value: T;
}

export function createPerUserRevisionCache<T>(
  maxUsers: number = defaultMaxUsers,
): PerUserRevisionCache<T> {
  const entries = new LRUCache<string, Entry<T>>({ max: maxUsers });
  // Builds under way: requests that miss together wait for one build instead of each making theirs.
  const building = new Map<string, { revision: number; value: Promise<T> }>();
  return {
    async get(db, reader, build) {
      const { userId } = reader;
      const revision = reader.userRevision ?? (await userRevision(db, userId));
      const kept = entries.get(userId);
      if (kept?.revision === revision) return kept.value;
      const underWay = building.get(userId);
      if (underWay?.revision === revision) return underWay.value;
      const value = build(revision);
      building.set(userId, { revision, value });
      try {
        const built = await value;
        entries.set(userId, { revision, value: built });
        return built;
      } finally {
        if (building.get(userId)?.value === value) building.delete(userId);
      }
    },
  };
}
