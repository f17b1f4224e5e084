import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditCsvColumns, auditMessages, type AuditPage } from '@meridian/domain/auth/audit';
import { auditEntries } from '../../../platform/db/schema/platform';
import {
  addUser,
  createTestApp,
  databaseBackends,
  logIn,
  type LoggedIn,
  type TestApp,
} from '../../../../test-support/test-app';

type Headers = Record<string, string>;

const registrySecret = 'registry-password-never-logged';
const wrongPassword = 'wrong-password-never-logged';

/** RFC 4180 read back: quoted fields, doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  const pattern = /"((?:[^"]|"")*)"(,|\r\n)/y;
  let row: string[] = [];
  while (pattern.lastIndex < text.length) {
    const match = pattern.exec(text);
    expect(match, `a quoted field at ${pattern.lastIndex}`).not.toBeNull();
    row.push(match![1]!.replace(/""/g, '"'));
    if (match![2] === '\r\n') {
      rows.push(row);
      row = [];
    }
  }
  return rows;
}

describe.each(databaseBackends())('the audit log on %s', (backend) => {
  let t: TestApp;
  let admin: LoggedIn;
  let user: LoggedIn;
  let key: string;
  let keyHeaders: Headers;

  const call = (method: 'GET' | 'POST', url: string, headers: Headers = {}, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const audit = async (who: LoggedIn, query = '') => {
    const response = await call('GET', `/auth/audit${query}`, who.headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AuditPage>();
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await logIn(t.app);
    user = await addUser(t, admin, 'auditee');
    const created = await call('POST', '/auth/api_key', user.headers, { name: 'ci-bot' });
    key = created.json<{ key: string }>().key;
    keyHeaders = { authorization: `ApiKey ${key}`, 'x-user-id': user.userId };
    const registry = await call('POST', '/auth/registries', keyHeaders, {
      name: '=HYPERLINK("x"),1',
      url: 'https://ghcr.io',
      username: 'bot',
      password: registrySecret,
    });
    expect(registry.statusCode, registry.body).toBeLessThan(300);
    expect((await call('POST', '/auth/api_key', keyHeaders, { name: 'minted' })).statusCode).toBe(
      403,
    );
    const guesses = [
      { username: 'AUDITEE', password: wrongPassword },
      { username: 'nobody-here', password: wrongPassword },
    ];
    for (const guess of guesses) {
      expect((await call('POST', '/auth/login', {}, guess)).statusCode).toBe(401);
    }
  });
  afterAll(() => t.close());

  it('records session and API key changes, refusals and failed logins — never a secret', async () => {
    const page = await audit(user);
    const entry = (action: string, actor: object, target: object, result = 'success') =>
      expect.objectContaining({ action, actor, target, result, ip: '127.0.0.1' });
    const asUser = { type: 'user', uuid: user.userId, name: 'auditee' };
    const asKey = { type: 'api_key', uuid: expect.any(String), name: 'ci-bot' };
    expect(page).toEqual({
      items: [
        entry('auth.login', asUser, { type: 'session', uuid: null, name: null }, 'refused'),
        // Refused before its body was read: the entry names no target.
        entry('api_key.create', asKey, { type: 'api_key', uuid: null, name: null }, 'refused'),
        entry('registry.create', asKey, {
          type: 'registry',
          uuid: expect.any(String),
          name: '=HYPERLINK("x"),1',
        }),
        entry('api_key.create', asUser, { type: 'api_key', uuid: null, name: 'ci-bot' }),
        entry('auth.login', asUser, { type: 'session', uuid: null, name: null }),
      ],
      total: 5,
      offset: 0,
      limit: 50,
    });
    // The admin made the account: that entry is the admin's, with the new user as its target.
    expect((await audit(admin, '?action=user.create')).items).toEqual([
      expect.objectContaining({
        actor: { type: 'user', uuid: admin.userId, name: 'admin' },
        target: { type: 'user', uuid: user.userId, name: 'auditee' },
      }),
    ]);

    const stored = JSON.stringify(await t.database.db.select().from(auditEntries));
    for (const secret of [registrySecret, wrongPassword, key, user.token, admin.token]) {
      expect(stored).not.toContain(secret);
    }
    expect(stored).not.toContain('auditee-password-1');
    expect(stored).toContain('nobody-here');
  });

  it('filters and pages, and shows no one the entries of another account', async () => {
    const actions = async (who: LoggedIn, query: string) =>
      (await audit(who, query)).items.map((item) => `${item.action}:${item.result}`);
    expect(await actions(user, '?actor=ci-bot')).toEqual([
      'api_key.create:refused',
      'registry.create:success',
    ]);
    expect(await actions(user, '?action=api_key&actor=auditee')).toEqual([
      'api_key.create:success',
    ]);
    expect(await actions(user, '?target=hyperlink')).toEqual(['registry.create:success']);
    expect(await actions(user, '?target=session&from=2000-01-01T00:00:00Z')).toHaveLength(2);
    expect(await actions(user, '?to=2000-01-01T00:00:00Z')).toEqual([]);
    const second = await audit(user, '?limit=2&offset=2');
    expect(second.items.map((item) => item.action)).toEqual(['registry.create', 'api_key.create']);
    expect(second.total).toBe(5);

    const bad = await call('GET', '/auth/audit?limit=501&from=yesterday', user.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([auditMessages.limit, auditMessages.from]),
    );

    // The admin sees their own entries only: not the user's, nor the unknown name's guess.
    const seen = JSON.stringify((await audit(admin, '?limit=500')).items);
    expect(seen).not.toContain('ci-bot');
    expect(seen).not.toContain('nobody-here');
    expect(await actions(admin, '?actor=auditee')).toEqual([]);
  });

  it('exports the same entries as RFC 4180 CSV, with spreadsheet formulas defused', async () => {
    const response = await call('GET', '/auth/audit.csv?actor=ci-bot', user.headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="meridian-audit.csv"',
    );
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual([...auditCsvColumns]);
    expect(rows.map((row) => row[auditCsvColumns.indexOf('action')])).toEqual([
      'api_key.create',
      'registry.create',
    ]);
    const registryRow = rows[1]!;
    expect(registryRow[auditCsvColumns.indexOf('target_name')]).toBe(`'=HYPERLINK("x"),1`);
    expect(registryRow[auditCsvColumns.indexOf('actor_type')]).toBe('api_key');
    expect(response.body).not.toContain(registrySecret);
  });
});
