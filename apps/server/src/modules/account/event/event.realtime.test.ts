import type { AddressInfo } from 'node:net';
import {
  realtime as channel,
  type NotificationEvent,
} from '@meridian/domain/events/notification-event';
import { sql } from 'drizzle-orm';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { recordEvent } from './event.service';
import { addUser } from '../../../../test-support/test-app';
import {
  createTestApp,
  databaseBackends,
  logIn,
  type LoggedIn,
  type TestApp,
} from '../../../../test-support/test-app';
import { realtimeErrorEvent } from '../../../platform/realtime/realtime';

interface Client {
  socket: ClientSocket;
  received: NotificationEvent[];
  errors: string[];
  disconnects: string[];
}

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

type StartAnswer = { status: 'success' } | { status: 'error'; message: string };

describe.each(databaseBackends())('real-time channel on %s', (backend) => {
  let t: TestApp;
  let url: string;
  let admin: LoggedIn;
  let ada: LoggedIn;
  const clients: Client[] = [];

  beforeAll(async () => {
    t = await createTestApp(backend);
    url = await listen(t);
    admin = await logIn(t.app);
    ada = await addUser(t, admin, 'ada');
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.socket.disconnect();
  });
  afterAll(() => t?.close());

  async function open(extraHeaders?: Record<string, string>, at = url): Promise<Client> {
    const socket = connect(at, {
      path: channel.path,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      extraHeaders,
    });
    const client: Client = { socket, received: [], errors: [], disconnects: [] };
    clients.push(client);
    socket.on(channel.eventName, (event: NotificationEvent) => client.received.push(event));
    socket.on(realtimeErrorEvent, (error: { message: string }) =>
      client.errors.push(error.message),
    );
    socket.on('disconnect', (reason) => client.disconnects.push(reason));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return client;
  }

  async function start(who: { token: string; userId: string }, at = url): Promise<Client> {
    const client = await open(undefined, at);
    const answer: StartAnswer = await client.socket.emitWithAck(channel.startEvent, {
      disablePortalEvents: true,
      token: who.token,
      userId: who.userId,
    });
    expect(answer).toEqual({ status: 'success' });
    return client;
  }

  function record(userId: string, app_name: string) {
    return t.database.db.transaction((tx) =>
      recordEvent(tx, { userId, type: 'APP_CREATE_FULFILLED', payload: { app_name } }),
    );
  }

  it("pushes a committed event to its owner's sockets only", async () => {
    const adminTab1 = await start(admin);
    const adminTab2 = await start(admin);
    const adaTab = await start(ada);

    const event = await record(admin.userId, 'shop');
    await vi.waitFor(() => {
      expect(adminTab1.received).toEqual([event]);
      expect(adminTab2.received).toEqual([event]);
    });
    // Ada's own event arrives after the admin's would have: she got only hers.
    const adaEvent = await record(ada.userId, 'blog');
    await vi.waitFor(() => expect(adaTab.received).toEqual([adaEvent]));
    expect(adminTab1.received).toEqual([event]);
    expect(event.message.title).toBe('App "shop" created.');
  });

  it('pushes nothing for a transaction that rolls back', async () => {
    const tab = await start(admin);
    await expect(
      t.database.db.transaction(async (tx) => {
        await recordEvent(tx, {
          userId: admin.userId,
          type: 'APP_CREATE_PENDING',
          payload: { app_name: 'ghost' },
        });
        throw new Error('the state change failed');
      }),
    ).rejects.toThrow();
    const committed = await record(admin.userId, 'real');
    await vi.waitFor(() => expect(tab.received).toHaveLength(1));
    expect(tab.received).toEqual([committed]);
  });

  it('refuses a bad token or another user id, and disconnects', async () => {
    for (const start of [
      { token: 'not-a-token', userId: admin.userId },
      { token: admin.token, userId: ada.userId },
      { userId: admin.userId },
    ]) {
      const client = await open();
      const answer: StartAnswer = await client.socket.emitWithAck(channel.startEvent, start);
      expect(answer).toEqual({ status: 'error', message: 'Unauthorized' });
      await vi.waitFor(() => expect(client.disconnects).toEqual(['io server disconnect']));
      expect(client.errors).toEqual(['Unauthorized']);
    }
  });

  it('checks the user id of each socket even when they share a token', async () => {
    const [rightful, impostor] = await Promise.all([open(), open()]);
    const answers: StartAnswer[] = await Promise.all([
      rightful!.socket.emitWithAck(channel.startEvent, {
        token: admin.token,
        userId: admin.userId,
      }),
      impostor!.socket.emitWithAck(channel.startEvent, { token: admin.token, userId: ada.userId }),
    ]);
    expect(answers).toEqual([{ status: 'success' }, { status: 'error', message: 'Unauthorized' }]);
  });

  it('stops pushing to a session once it has logged out', async () => {
    const carol = await addUser(t, admin, 'carol');
    const tab = await start(carol);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: carol.headers,
    });
    expect(logout.statusCode).toBe(200);
    await record(carol.userId, 'after-logout');
    await vi.waitFor(() => expect(tab.disconnects).toEqual(['io server disconnect']));
    expect(tab.errors).toEqual(['Unauthorized']);
    expect(tab.received).toEqual([]);
  });

  it("cuts a logged-out session's sockets at once, long before the periodic check", async () => {
    // The default interval is a minute: only the revocation's own announcement can cut in time.
    const dave = await addUser(t, admin, 'dave');
    const otherSession = await logIn(t.app, 'dave', 'dave-password-1');
    const [first, second, stays] = await Promise.all([
      start(dave),
      start(dave),
      start(otherSession),
    ]);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: dave.headers,
    });
    expect(logout.statusCode).toBe(200);
    await vi.waitFor(
      () => {
        expect(first!.disconnects).toEqual(['io server disconnect']);
        expect(second!.disconnects).toEqual(['io server disconnect']);
      },
      { timeout: 1_000, interval: 20 },
    );
    expect(first!.errors).toEqual(['Unauthorized']);
    expect(stays!.socket.connected).toBe(true);
  });

  it('disconnects a logged-out session even when no event comes, and closes cleanly', async () => {
    const other = await createTestApp(backend, { realtime: { revalidateIntervalMs: 100 } });
    try {
      const otherUrl = await listen(other);
      const first = await logIn(other.app);
      const second = await logIn(other.app);
      const loggedOut = await start(first, otherUrl);
      const stays = await start(second, otherUrl);
      await other.app.inject({ method: 'POST', url: '/auth/logout', headers: first.headers });
      await vi.waitFor(() => expect(loggedOut.disconnects).toEqual(['io server disconnect']));
      expect(loggedOut.errors).toEqual(['Unauthorized']);

      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(stays.socket.connected).toBe(true);
      const closing = Date.now();
      await other.close();
      expect(Date.now() - closing).toBeLessThan(5_000);
      await vi.waitFor(() => expect(stays.disconnects).toHaveLength(1));
    } finally {
      await other.close().catch(() => {});
    }
  });

  // Only PostgreSQL has a separate LISTEN connection that can drop; PGlite listens in-process.
  const itOnPostgres = backend === 'postgres' ? it : () => {};
  itOnPostgres('listens again after its connection drops', async () => {
    const tab = await start(admin);
    const listenerPids = async () => {
      const result = await t.database.db.execute(
        sql`SELECT pid FROM pg_stat_activity
            WHERE datname = current_database() AND query = 'LISTEN meridian_changes'`,
      );
      return (result as unknown as { rows: { pid: number }[] }).rows.map((row) => row.pid);
    };
    const [before] = await listenerPids();
    expect(before).toBeDefined();
    await t.database.db.execute(sql`SELECT pg_terminate_backend(${before})`);
    await vi.waitFor(
      async () => {
        const after = await listenerPids();
        expect(after).toHaveLength(1);
        expect(after[0]).not.toBe(before);
      },
      { timeout: 10_000, interval: 100 },
    );
    const event = await record(admin.userId, 'after-reconnect');
    await vi.waitFor(() => expect(tab.received).toEqual([event]));
  });

  it('refuses a handshake from a page of another origin', async () => {
    await expect(open({ origin: 'http://evil.example' })).rejects.toThrow();
    const sameOrigin = await open({ origin: url });
    expect(sameOrigin.socket.connected).toBe(true);
  });
});
