import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStatementPlanner, type StatementPlanner } from './planned-statements';

describe('statements PGlite plans once', () => {
  let pglite: PGlite;
  let planner: StatementPlanner;

  beforeAll(async () => {
    pglite = await PGlite.create();
    await pglite.exec(`create table sessions (token_hash text primary key, seen timestamptz)`);
    await pglite.exec(`insert into sessions values ('abc', '2026-11-27T01:00:00Z')`);
    planner = createStatementPlanner(pglite);
  });
  afterAll(() => pglite?.close());

  const preparedNames = async () =>
    (await pglite.query<{ name: string }>('select name from pg_prepared_statements')).rows.map(
      (row) => row.name,
    );

  it('runs a registered statement prepared, answering what the query answers', async () => {
    const text = 'select token_hash, seen from sessions where token_hash = $1 limit $2';
    const plain = await planner.client.query(text, ['abc', 1], { rowMode: 'array' });
    planner.planOnce('session_by_hash', text);
    expect(await preparedNames()).not.toContain('session_by_hash');
    const planned = await planner.client.query(text, ['abc', 1], { rowMode: 'array' });
    expect(await preparedNames()).toContain('session_by_hash');
    expect(planned.rows).toEqual(plain.rows);
    expect(planned.fields).toEqual(plain.fields);
    expect((await planner.client.query(text, ['nothing', 1])).rows).toEqual([]);
  });

  it('passes quotes, backslashes and nulls through as the values they are', async () => {
    const text = 'select $1::text as value, $2::int as nothing';
    planner.planOnce('echo_value', text);
    for (const value of [`it's`, 'C:\\path\\n', `'); drop table sessions; --`]) {
      const { rows } = await planner.client.query<{ value: string }>(text, [value, null]);
      expect(rows).toEqual([{ value, nothing: null }]);
    }
    expect((await pglite.query('select count(*)::int as n from sessions')).rows).toEqual([
      { n: 1 },
    ]);
  });

  it('leaves what it cannot prepare or write as literals to the ordinary query', async () => {
    planner.planOnce('no_such_column', 'select missing from sessions where token_hash = $1');
    await expect(
      planner.client.query('select missing from sessions where token_hash = $1', ['abc']),
    ).rejects.toThrow('column "missing" does not exist');

    const text = 'select length($1::bytea) as bytes';
    planner.planOnce('byte_length', text);
    const { rows } = await planner.client.query(text, [new Uint8Array([1, 2, 3])]);
    expect(rows).toEqual([{ bytes: 3 }]);
    expect(await preparedNames()).not.toContain('byte_length');
  });

  it('keeps everything else of PGlite working through it', async () => {
    await planner.client.transaction(async (tx) => {
      await tx.query(`insert into sessions values ('def', now())`);
    });
    expect((await planner.client.query('select count(*)::int as n from sessions')).rows).toEqual([
      { n: 2 },
    ]);
    expect(planner.client.closed).toBe(false);
  });
});
