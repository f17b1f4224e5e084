import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestStorage,
  databaseBackends,
  type TestStorage,
} from '../../../test-support/test-app';
import type { DatabaseHandle } from './database';
import { createPerUserRevisionCache, userRevision } from './per-user-revision-cache';
import { apps } from './schema/apps';
import { userRevisions } from './schema/platform';
import { users } from './schema/accounts';

describe.each(databaseBackends())('the per-user revision cache on %s', (backend) => {
  let storage: TestStorage;
  let database: DatabaseHandle;

  beforeAll(async () => {
    storage = await createTestStorage(backend);
    database = await storage.open();
  });
  afterAll(async () => {
    await database?.close();
    await storage?.dispose();
  });

  const setRevision = (userId: string, revision: number) =>
    database.db
      .insert(userRevisions)
      .values({ userId, revision })
      .onConflictDoUpdate({ target: userRevisions.userId, set: { revision } });

  /** A build that says which revision it was called at, and counts its calls. */
  function counting() {
    const calls: number[] = [];
    const build = async (revision: number) => {
      calls.push(revision);
      return { revision, built: calls.length };
    };
    return { calls, build };
  }

  it('builds once per revision of the user, and again once it moves', async () => {
    const cache = createPerUserRevisionCache<{ revision: number; built: number }>();
    const { calls, build } = counting();
    const userId = randomUUID();
    // A user no write has counted yet is at revision 0.
    expect(await userRevision(database.db, userId)).toBe(0);
    const first = await cache.get(database.db, { userId: userId }, build);
    expect(await cache.get(database.db, { userId: userId }, build)).toBe(first);
    expect(calls).toEqual([0]);
    await setRevision(userId, 7);
    expect(await cache.get(database.db, { userId: userId }, build)).toEqual({
      revision: 7,
      built: 2,
    });
    expect(calls).toEqual([0, 7]);
  });

  it('builds once for requests that miss together, and again after a failed build', async () => {
    const cache = createPerUserRevisionCache<{ revision: number; built: number }>();
    const { calls, build } = counting();
    const userId = randomUUID();
    const slow = async (revision: number) => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      return build(revision);
    };
    const values = await Promise.all(
      Array.from({ length: 20 }, () => cache.get(database.db, { userId: userId }, slow)),
    );
    expect(calls).toEqual([0]);
    expect(new Set(values).size).toBe(1);

    const other = randomUUID();
    const failing = () => Promise.reject(new Error('the database went away'));
    const failed = await Promise.allSettled([
      cache.get(database.db, { userId: other }, failing),
      cache.get(database.db, { userId: other }, failing),
    ]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(await cache.get(database.db, { userId: other }, build)).toEqual({
      revision: 0,
      built: 2,
    });
  });

  it('follows a write the triggers count, and keeps users apart', async () => {
    const cache = createPerUserRevisionCache<{ revision: number; built: number }>();
    const { calls, build } = counting();
    const [user] = await database.db
      .insert(users)
      .values({ username: 'ada', email: 'ada@example.ca', passwordHash: 'unused' })
      .returning({ id: users.id });
    const ada = user!.id;
    const bob = randomUUID();
    await cache.get(database.db, { userId: ada }, build);
    await cache.get(database.db, { userId: bob }, build);
    await database.db.insert(apps).values({ userId: ada, name: 'shop', description: null });
    const revision = await userRevision(database.db, ada);
    expect(revision).toBeGreaterThan(0);
    await cache.get(database.db, { userId: ada }, build);
    await cache.get(database.db, { userId: bob }, build);
    expect(calls).toEqual([0, 0, revision]);
  });

  it('takes the revision the request read with its credential instead of reading it again', async () => {
    const cache = createPerUserRevisionCache<{ revision: number; built: number }>();
    const { calls, build } = counting();
    const userId = randomUUID();
    await setRevision(userId, 4);
    // The session lookup read 3 a moment before a write moved it to 4: the value is built at 3.
    expect(await cache.get(database.db, { userId, userRevision: 3 }, build)).toEqual({
      revision: 3,
      built: 1,
    });
    expect(await cache.get(database.db, { userId }, build)).toEqual({ revision: 4, built: 2 });
    expect(await cache.get(database.db, { userId, userRevision: 4 }, build)).toEqual({
      revision: 4,
      built: 2,
    });
    expect(calls).toEqual([3, 4]);
  });

  it('drops the least recently used user beyond its size', async () => {
    const cache = createPerUserRevisionCache<{ revision: number; built: number }>(1);
    const { calls, build } = counting();
    const [ada, bob] = [randomUUID(), randomUUID()];
    await cache.get(database.db, { userId: ada }, build);
    await cache.get(database.db, { userId: bob }, build);
    await cache.get(database.db, { userId: ada }, build);
    expect(calls).toHaveLength(3);
  });
});
