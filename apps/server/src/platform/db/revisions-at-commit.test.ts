import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStorage, type TestStorage } from '../../../test-support/test-app';
import type { DatabaseHandle } from './database';

// Two writers at once need two connections to one database: PostgreSQL (CI always gives one).
describe.runIf(process.env.TEST_DATABASE_URL)('the DNS and user revisions', () => {
  let storage: TestStorage;
  let database: DatabaseHandle;
  const clients: pg.Client[] = [];

  beforeAll(async () => {
    storage = await createTestStorage('postgres');
    database = await storage.open();
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end()));
    await database?.close();
    await storage?.dispose();
  });

  async function connect(): Promise<pg.Client> {
    if (database.driver.kind !== 'postgres') throw new Error('PostgreSQL only');
    const client = new pg.Client({ connectionString: database.driver.url });
    await client.connect();
    clients.push(client);
    return client;
  }

  const one = async (client: pg.Client, text: string, values: unknown[] = []) =>
    (await client.query<Record<string, string>>(text, values)).rows[0];

  /** A user with two apps and a domain, as rows. */
  async function seed(client: pg.Client, name: string) {
    const user = await one(
      client,
      `INSERT INTO users (username, email, password_hash) VALUES ($1, $1 || '@example.ca', 'x')
       RETURNING id`,
      [name],
    );
    const addApp = async () =>
      (await one(client, `INSERT INTO apps (user_id, name) VALUES ($1, 'shop') RETURNING id`, [
        user!.id,
      ]))!.id!;
    const domain = await one(
      client,
      `INSERT INTO domains (user_id, domain_name, status) VALUES ($1, $2, 'success') RETURNING id`,
      [user!.id, `${name}.ca`],
    );
    return { userId: user!.id!, apps: [await addApp(), await addApp()], domainId: domain!.id! };
  }

  /** The console writes the load makes: records added and an app (0 or 1) renamed. */
  async function write(
    client: pg.Client,
    owner: Awaited<ReturnType<typeof seed>>,
    { records, app }: { records: number; app: 0 | 1 },
  ) {
    for (let i = 0; i < records; i++)
      await client.query(
        `INSERT INTO dns_records (domain_id, user_id, name, type, content, ttl)
         VALUES ($1, $2, $3, 'A', '192.0.2.7', 300)`,
        [owner.domainId, owner.userId, `r${i}-${Math.random()}`],
      );
    await client.query(`UPDATE apps SET name = name || '-' WHERE id = $1`, [owner.apps[app]]);
  }

  const dnsRevision = async (client: pg.Client) =>
    Number((await one(client, 'SELECT revision FROM dns_revision WHERE id = 1'))!.revision);
  const userRevision = async (client: pg.Client, userId: string) =>
    Number(
      (await one(client, 'SELECT revision FROM user_revisions WHERE user_id = $1', [userId]))!
        .revision,
    );

  it('move at commit, so a writer mid-transaction holds up no other writer', async () => {
    const [slow, quick] = [await connect(), await connect()];
    const owner = await seed(quick, 'ada');
    const [dnsBefore, userBefore] = [
      await dnsRevision(quick),
      await userRevision(quick, owner.userId),
    ];

    await slow.query('BEGIN');
    await write(slow, owner, { records: 3, app: 0 });
    // Bumped as rows changed, the revisions' rows would stay locked by `slow` until it ends.
    await quick.query(`SET lock_timeout = '2s'`);
    await quick.query('BEGIN');
    await write(quick, owner, { records: 1, app: 1 });
    await quick.query('COMMIT');
    expect(await dnsRevision(quick)).toBe(dnsBefore + 1);
    expect(await userRevision(quick, owner.userId)).toBe(userBefore + 1);

    // Even as `slow` sees it, only `quick`'s commit moved it; at its own, once for three records.
    expect(await dnsRevision(slow)).toBe(dnsBefore + 1);
    await slow.query('COMMIT');
    expect(await dnsRevision(quick)).toBe(dnsBefore + 2);
    expect(await userRevision(quick, owner.userId)).toBe(userBefore + 2);
  });

  it('announce a DNS change once its transaction commits, and not for one rolled back', async () => {
    const [writer, listener] = [await connect(), await connect()];
    const owner = await seed(writer, 'bob');
    const heard: string[] = [];
    listener.on('notification', ({ payload }) => heard.push(payload ?? ''));
    await listener.query('LISTEN meridian_changes');
    const before = await dnsRevision(writer);

    await writer.query('BEGIN');
    await write(writer, owner, { records: 2, app: 0 });
    await writer.query('ROLLBACK');
    await writer.query('BEGIN');
    await write(writer, owner, { records: 2, app: 0 });
    await writer.query('COMMIT');
    // A round trip on the listener delivers what was sent to it before.
    await listener.query('SELECT 1');
    expect(heard.filter((payload) => payload === '{"topic":"dns"}')).toHaveLength(1);
    expect(await dnsRevision(writer)).toBe(before + 1);
  });
});
