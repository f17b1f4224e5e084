import type { AddressInfo } from 'node:net';
import { realtime as channel } from '@meridian/domain/events/notification-event';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addUser,
  databaseBackends,
  logIn,
  type LoggedIn,
  type TestApp,
  createTestApp,
} from '../../../../test-support/test-app';

describe.each(databaseBackends())('password change on %s', (backend) => {
  let t: TestApp;
  let url: string;
  let admin: LoggedIn;
  const sockets: Socket[] = [];

  const changePassword = (who: LoggedIn, payload: object, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'PUT',
      url: '/auth/password',
      headers: who.headers,
      payload,
      remoteAddress,
    });
  const session = (who: LoggedIn) =>
    t.app.inject({ method: 'GET', url: '/auth/session', headers: who.headers });

  /** A started live channel of this session, with the reasons it was disconnected for. */
  async function liveChannel(who: LoggedIn): Promise<string[]> {
    const socket = connect(url, {
      path: channel.path,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    const disconnects: string[] = [];
    socket.on('disconnect', (reason) => disconnects.push(reason));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const answer: unknown = await socket.emitWithAck(channel.startEvent, {
      disablePortalEvents: true,
      token: who.token,
      userId: who.userId,
    });
    expect(answer).toEqual({ status: 'success' });
    return disconnects;
  }

  beforeAll(async () => {
    t = await createTestApp(backend);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    admin = await logIn(t.app);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t?.close();
  });

  it('signs every other session out, cuts their sockets, and keeps the current one', async () => {
    const here = await addUser(t, admin, 'grace');
    const laptop = await logIn(t.app, 'grace', 'grace-password-1');
    const laptopChannel = await liveChannel(laptop);
    const hereChannel = await liveChannel(here);

    const changed = await changePassword(here, {
      current_password: 'grace-password-1',
      new_password: 'a-much-longer-passphrase',
    });
    expect(changed.statusCode, changed.body).toBe(200);

    expect((await session(laptop)).statusCode).toBe(401);
    expect((await session(here)).statusCode).toBe(200);
    await vi.waitFor(() => expect(laptopChannel).toEqual(['io server disconnect']), {
      timeout: 1000,
    });
    expect(hereChannel).toEqual([]);
    await expect(logIn(t.app, 'grace', 'grace-password-1')).rejects.toThrow(/401/);
    expect((await logIn(t.app, 'grace', 'a-much-longer-passphrase')).userId).toBe(here.userId);
  });

  it('refuses a wrong current password with a sentence, counted by the login throttle', async () => {
    const user = await addUser(t, admin, 'hopper');
    const wrong = { current_password: 'not-it', new_password: 'another-long-passphrase' };
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      answers.push(await changePassword(user, wrong, '203.0.113.9'));
    }
    expect(answers[0]?.statusCode).toBe(400);
    expect(answers[0]?.json()).toEqual({ message: 'Your current password is not correct' });
    // Three free failures, one let through past them, then the wait.
    expect(answers.map((answer) => answer.statusCode)).toEqual([400, 400, 400, 400, 429]);
  });

  it("applies the account creation's password rules", async () => {
    const user = await addUser(t, admin, 'lovelace');
    const tooShort = await changePassword(user, {
      current_password: 'lovelace-password-1',
      new_password: 'short',
    });
    expect(tooShort.json()).toEqual({
      message: 'Validation failed',
      errors: ['Password must be at least 8 characters'],
    });
    const common = await changePassword(user, {
      current_password: 'lovelace-password-1',
      new_password: 'password123',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().errors[0]).toMatch(/most common passwords/);
  });
});
