import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { LightMyRequestResponse } from 'fastify';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect } from 'vitest';
import { z } from 'zod';
import type { Database } from '../src/platform/db/database';
import { addUser, logIn, type LoggedIn, type TestApp } from './test-app';

/** A console list page's suite: one app, its admin, and a second user who owns nothing. */
export interface ListPageSuite {
  readonly t: TestApp;
  readonly admin: LoggedIn;
  readonly other: LoggedIn;
  /** `GET path+query` as `user`, with the answer read as a page of type `T`. */
  page<T>(path: string, user: LoggedIn, query?: string): Promise<ListPageAnswer<T>>;
}

export interface ListPageAnswer<T> {
  response: LightMyRequestResponse;
  body: T;
}

/**
 * Opens the app before the suite's tests (logs in the admin, adds the user `other`, then runs
 * `seed`) and closes it after them. Its fields are there once the suite's tests run.
 */
export function useListPageSuite(
  open: () => Promise<TestApp>,
  seed: (suite: ListPageSuite) => Promise<void> = async () => {},
  timeoutMs = 90_000,
): ListPageSuite {
  let t: TestApp | undefined;
  let users: { admin: LoggedIn; other: LoggedIn } | undefined;
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the list page suite has not started');
    return value;
  };
  const suite: ListPageSuite = {
    get t() {
      return started(t);
    },
    get admin() {
      return started(users).admin;
    },
    get other() {
      return started(users).other;
    },
    async page<T>(path: string, user: LoggedIn, query = '') {
      const response = await suite.t.app.inject({
        method: 'GET',
        url: `${path}${query}`,
        headers: user.headers,
      });
      return { response, body: response.json<T>() };
    },
  };
  beforeAll(async () => {
    t = await open();
    const admin = await logIn(t.app);
    users = { admin, other: await addUser(t, admin, 'other') };
    await seed(suite);
  }, timeoutMs);
  afterAll(async () => {
    await t?.close();
  });
  return suite;
}

/** Rows inserted a slice at a time: one statement of a thousand wide rows passes the parameter limit. */
export async function insertInChunks<Table extends PgTable>(
  db: Database,
  table: Table,
  rows: readonly PgInsertValue<Table>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 250) {
    await db.insert(table).values(rows.slice(i, i + 250));
  }
}

/**
 * A spec's full list, sent as serialised once per revision (platform/http/serialised-body.ts):
 * it says what its schema says and nothing more, is gzipped when asked, answers 304 to its own
 * user's ETag and not to another user's. Answers the admin's list.
 */
export async function expectSerialisedList<T>(
  suite: ListPageSuite,
  path: string,
  item: z.ZodType<T>,
): Promise<T[]> {
  const get = (user: LoggedIn, headers: Record<string, string> = {}) =>
    suite.t.app.inject({ method: 'GET', url: path, headers: { ...user.headers, ...headers } });
  const first = await get(suite.admin);
  expect(first.statusCode, first.body).toBe(200);
  const body = first.json<T[]>();
  expect(z.array(item).parse(body)).toEqual(body);
  const etag = String(first.headers.etag);
  expect((await get(suite.admin, { 'if-none-match': etag })).statusCode).toBe(304);
  const others = await get(suite.other, { 'if-none-match': etag });
  expect(others.statusCode).toBe(200);
  expect(others.json()).toEqual([]);
  const zipped = await get(suite.admin, { 'accept-encoding': 'gzip' });
  expect(zipped.headers['content-encoding']).toBe('gzip');
  expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(body);
  return body;
}
