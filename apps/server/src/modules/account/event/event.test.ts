import type { NotificationEvent } from '@meridian/domain/events/notification-event';
import { notificationCategories, notificationStatuses } from '@meridian/domain/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  databaseBackends,
  logIn,
  type LoggedIn,
  type TestApp,
} from '../../../../test-support/test-app';
import { recordEvent } from './event.service';
import { addUser } from '../../../../test-support/test-app';
import { events } from '../../../platform/db/schema/accounts';

describe.each(databaseBackends())('events on %s', (backend) => {
  let t: TestApp;
  let admin: LoggedIn;
  let ada: LoggedIn;

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await logIn(t.app);
    ada = await addUser(t, admin, 'ada');
  });
  afterAll(() => t?.close());

  async function list(who: LoggedIn, query = '') {
    const response = await t.app.inject({
      method: 'GET',
      url: `/event/server/notifications${query}`,
      headers: who.headers,
    });
    return response;
  }

  async function count(who: LoggedIn, query = ''): Promise<number> {
    const response = await t.app.inject({
      method: 'GET',
      url: `/event/server/notifications/count${query}`,
      headers: who.headers,
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ count: number }>().count;
  }

  it('records an event inside a transaction, with the catalogue codes and message', async () => {
    const event = await t.database.db.transaction((tx) =>
      recordEvent(tx, {
        userId: admin.userId,
        type: 'SMART_CLUSTER_CREATE_REJECTED',
        payload: { smart_cluster_name: 'edge', status_reason: 'No capacity in Toronto.' },
      }),
    );
    expect(event).toMatchObject({
      event_type: 'SMART_CLUSTER_CREATE_REJECTED',
      category: notificationCategories.SMART_CLUSTER,
      status: notificationStatuses.REJECTED,
      read: false,
      action_taken: false,
      is_notification: true,
      message: {
        title: 'Smart cluster "edge" creation failed.',
        description: 'No capacity in Toronto. Please try again or contact support.',
      },
    });
    const traffic = await recordEvent(t.database.db, {
      userId: admin.userId,
      type: 'TRAFFIC_UPDATE',
      payload: {},
    });
    expect(traffic).toMatchObject({
      category: notificationCategories.TRAFFIC,
      is_notification: false,
    });

    // The silent traffic event is pushed live but not listed among notifications.
    const listed = (await list(admin)).json<NotificationEvent[]>();
    expect(listed[0]).toEqual(event);
    expect(listed.some((item) => item.uuid === traffic.uuid)).toBe(false);
  });

  it('leaves no event behind when the transaction rolls back', async () => {
    const before = await t.database.db.$count(events);
    await expect(
      t.database.db.transaction(async (tx) => {
        await recordEvent(tx, { userId: admin.userId, type: 'APP_CREATE_PENDING', payload: {} });
        throw new Error('the state change failed');
      }),
    ).rejects.toThrow('the state change failed');
    expect(await t.database.db.$count(events)).toBe(before);
  });

  it('pages newest first with an inclusive range, and counts', async () => {
    const names = Array.from({ length: 25 }, (_, i) => `app-${i}`);
    for (const name of names) {
      await recordEvent(t.database.db, {
        userId: ada.userId,
        type: 'APP_DEPLOY_FULFILLED',
        payload: { app_name: name },
      });
    }
    const first = await list(ada);
    expect(first.statusCode).toBe(200);
    const firstPage = first.json<NotificationEvent[]>();
    expect(firstPage).toHaveLength(20);
    expect(firstPage[0]?.payload.app_name).toBe('app-24');
    expect(firstPage[0]?.message.title).toBe('App "app-24" deployed.');
    expect(firstPage[19]?.payload.app_name).toBe('app-5');

    const second = (await list(ada, '?from=20&to=39')).json<NotificationEvent[]>();
    expect(second.map((event) => event.payload.app_name)).toEqual([
      'app-4',
      'app-3',
      'app-2',
      'app-1',
      'app-0',
    ]);
    const one = (await list(ada, '?from=3&to=3')).json<NotificationEvent[]>();
    expect(one.map((event) => event.payload.app_name)).toEqual(['app-21']);

    expect(await count(ada)).toBe(25);
    expect(await count(ada, '?read=false')).toBe(25);
    expect(await count(ada, '?read=true')).toBe(0);
  });

  it('answers 400 for a bad range', async () => {
    for (const query of [
      '?from=5&to=4',
      '?from=-1&to=3',
      '?from=a&to=3',
      '?from=0&to=100',
      '?from=1.5&to=3',
    ]) {
      const response = await list(ada, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message).toBeTruthy();
    }
    expect((await list(ada, '?from=0&to=99')).statusCode).toBe(200);
    const badCount = await t.app.inject({
      method: 'GET',
      url: '/event/server/notifications/count?read=maybe',
      headers: ada.headers,
    });
    expect(badCount.statusCode).toBe(400);
  });

  it("never shows or touches another user's events", async () => {
    const adminEvents = (await list(admin, '?from=0&to=99')).json<NotificationEvent[]>();
    const adaEvents = (await list(ada, '?from=0&to=99')).json<NotificationEvent[]>();
    const adminIds = new Set(adminEvents.map((event) => event.uuid));
    expect(adaEvents.some((event) => adminIds.has(event.uuid))).toBe(false);

    const response = await t.app.inject({
      method: 'PUT',
      url: '/event/server/notifications/read',
      headers: ada.headers,
      payload: { uuids: [...adminIds] },
    });
    expect(response.statusCode).toBe(200);
    expect(await count(admin, '?read=false')).toBe(adminEvents.length);
  });

  it('marks listed events read, then all of them', async () => {
    const [newest, second] = (await list(ada, '?from=0&to=1')).json<NotificationEvent[]>();
    const marked = await t.app.inject({
      method: 'PUT',
      url: '/event/server/notifications/read',
      headers: ada.headers,
      payload: { uuids: [newest!.uuid, second!.uuid] },
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({ status: 'success' });
    expect(await count(ada, '?read=true')).toBe(2);
    expect(await count(ada, '?read=false')).toBe(23);
    const [reread] = (await list(ada, '?from=0&to=0')).json<NotificationEvent[]>();
    expect(reread?.read).toBe(true);

    const badIds = await t.app.inject({
      method: 'PUT',
      url: '/event/server/notifications/read',
      headers: ada.headers,
      payload: { uuids: ['not-a-uuid'] },
    });
    expect(badIds.statusCode).toBe(400);

    const all = await t.app.inject({
      method: 'PUT',
      url: '/event/server/notifications/read',
      headers: ada.headers,
      payload: {},
    });
    expect(all.statusCode).toBe(200);
    expect(await count(ada, '?read=false')).toBe(0);

    await recordEvent(t.database.db, {
      userId: ada.userId,
      type: 'DOMAIN_CREATE_PENDING',
      payload: {},
    });
    const noBody = await t.app.inject({
      method: 'PUT',
      url: '/event/server/notifications/read',
      headers: ada.headers,
    });
    expect(noBody.statusCode).toBe(200);
    expect(await count(ada, '?read=false')).toBe(0);
    expect(await count(admin, '?read=false')).toBeGreaterThan(0);
  });

  it('marks all read when the list is opened, or one at a time, only the user’s own', async () => {
    const grace = await addUser(t, admin, 'grace');
    for (const name of ['a', 'b', 'c']) {
      await recordEvent(t.database.db, {
        userId: grace.userId,
        type: 'APP_DEPLOY_FULFILLED',
        payload: { app_name: name },
      });
    }
    const read = (who: LoggedIn, url: string) =>
      t.app.inject({
        method: 'POST',
        url: `/event/server/notifications${url}`,
        headers: who.headers,
      });
    const unread = async (who: LoggedIn) =>
      (await list(who)).json<NotificationEvent[]>().filter((event) => !event.read);
    expect(await count(grace, '?read=false')).toBe(3);
    const [newest] = await unread(grace);

    // One by one: the answer is the bell's new count; twice is the same as once.
    for (let time = 0; time < 2; time += 1) {
      const one = await read(grace, `/${newest!.uuid}/read`);
      expect(one.statusCode, one.body).toBe(200);
      expect(one.json()).toEqual({ count: 2 });
    }
    expect((await unread(grace)).map((event) => event.payload.app_name)).toEqual(['b', 'a']);

    // Another user's notification, one nobody has, or no id at all: 404, and nothing changes.
    const adminUnread = await count(admin, '?read=false');
    const [adminEvent] = (await list(admin)).json<NotificationEvent[]>();
    for (const id of [adminEvent!.uuid, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const refused = await read(grace, `/${id}/read`);
      expect(refused.statusCode, id).toBe(404);
    }
    expect((await read(grace, `/${adminEvent!.uuid}/read`)).json()).toEqual({
      message: 'Notification not found',
    });
    expect(await count(admin, '?read=false')).toBe(adminUnread);

    // Opening the list reads them all; a new one rings the bell again.
    const all = await read(grace, '/read');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ count: 0 });
    expect(await unread(grace)).toEqual([]);
    await recordEvent(t.database.db, {
      userId: grace.userId,
      type: 'DOMAIN_CREATE_PENDING',
      payload: {},
    });
    expect(await count(grace, '?read=false')).toBe(1);
    expect(await count(admin, '?read=false')).toBe(adminUnread);
  });

  it('answers 401 without credentials', async () => {
    for (const [method, url] of [
      ['GET', '/event/server/notifications'],
      ['GET', '/event/server/notifications/count'],
      ['PUT', '/event/server/notifications/read'],
      ['POST', '/event/server/notifications/read'],
      ['POST', '/event/server/notifications/00000000-0000-4000-8000-000000000000/read'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, url).toBe(401);
    }
  });
});
